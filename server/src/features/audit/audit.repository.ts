import { desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/index.ts';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function listAuditEntriesForActor(db: Db, actorId: string, limit = 100) {
  return db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.createdAt)).limit(limit);
}

export async function listRecentAuditEntries(db: Db, limit: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
}
