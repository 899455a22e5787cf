import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { isUniqueViolation } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Actor } from './admin-actor.ts';

/** One table administrators keep: its queries, its answers, and what its audit entries name. */
export type AuditedTableOptions<Row extends Removed, Removed extends { id: string }, Values> = {
  /** Audit actions are `admin.<subject>.created`, `.updated` and `.deleted`. */
  subject: string;
  targetType: string;
  notFound: string;
  /** The answer when the unique index refuses a write: two administrators adding the same entry at once. */
  taken: () => AppError;
  find: (db: Db, id: string) => Promise<Row | undefined>;
  insert: (db: Db, values: Values) => Promise<Row>;
  update: (db: Db, id: string, values: Values) => Promise<Row | undefined>;
  remove: (db: Db, id: string) => Promise<Removed | undefined>;
  details: (row: Removed) => Record<string, unknown>;
};

/** Adding, changing and deleting the rows of an administrator-kept table, each change audited. */
export class AuditedTable<Row extends Removed, Removed extends { id: string }, Values> {
  constructor(
    private readonly deps: { db: Db; audit: AuditLog },
    private readonly table: AuditedTableOptions<Row, Removed, Values>,
  ) {}

  async create(actor: Actor, values: Values): Promise<Row> {
    const row = await this.writeOrTaken(() => this.table.insert(this.deps.db, values));
    await this.record(actor, 'created', row);
    return row;
  }

  /** `values` is checked once the row is known to exist, so a missing row answers 404 first. */
  async update(actor: Actor, id: string, values: () => Promise<Values>): Promise<Row> {
    if (!(await this.table.find(this.deps.db, id))) throw AppError.notFound(this.table.notFound);
    const checked = await values();
    const row = await this.writeOrTaken(() => this.table.update(this.deps.db, id, checked));
    if (!row) throw AppError.notFound(this.table.notFound);
    await this.record(actor, 'updated', row);
    return row;
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.table.remove(this.deps.db, id);
    if (!row) throw AppError.notFound(this.table.notFound);
    await this.record(actor, 'deleted', row);
  }

  private async writeOrTaken<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw this.table.taken();
      throw error;
    }
  }

  private async record(actor: Actor, change: 'created' | 'updated' | 'deleted', row: Removed): Promise<void> {
    await this.deps.audit.record({
      action: `admin.${this.table.subject}.${change}`,
      actorId: actor.id,
      ipAddress: actor.ipAddress,
      targetType: this.table.targetType,
      targetId: row.id,
      details: this.table.details(row),
    });
  }
}
