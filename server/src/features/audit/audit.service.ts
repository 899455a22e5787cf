import type { Db } from '#server/db/client.ts';
import { insertAuditEntry, listRecentAuditEntries } from './audit.repository.ts';

export type AuditAction =
  | 'auth.sign_up'
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.session_ended'
  | 'auth.email_verified'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.google_linked'
  | 'auth.reauthenticated'
  | 'auth.reauthentication_failed'
  | 'auth.password_changed'
  | 'auth.email_changed'
  | 'auth.two_factor_enabled'
  | 'auth.two_factor_disabled'
  | 'auth.recovery_code_used'
  | 'auth.recovery_codes_regenerated'
  | 'auth.passkey_added'
  | 'auth.passkey_removed'
  | `data.${string}`
  | `admin.${string}`;

export type AuditEvent = {
  action: AuditAction;
  actorId?: string | null;
  targetType?: string;
  targetId?: string;
  ipAddress?: string;
  /** Never passwords, tokens or health values. */
  details?: Record<string, unknown>;
};

export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(event: AuditEvent): Promise<void> {
    await insertAuditEntry(this.db, {
      action: event.action,
      actorId: event.actorId ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      ipAddress: event.ipAddress ?? null,
      details: event.details ?? null,
    });
  }

  async recent(limit: number) {
    const rows = await listRecentAuditEntries(this.db, limit);
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      actorId: row.actorId,
      targetType: row.targetType,
      targetId: row.targetId,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
