import {
  type ReferenceSupplement,
  type ReferenceSupplementInput,
  type ReferenceSupplementList,
  type ReferenceSortField,
  ADMIN_MESSAGES,
} from '#contract/admin.ts';
import { totalPagesOf } from '#contract/blog.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Actor } from '#server/features/admin/admin-actor.ts';
import { AuditedTable } from '#server/features/admin/audited-table.ts';
import {
  type ReferenceRow,
  type ReferenceValues,
  deleteReferenceSupplement,
  findNameOwner,
  findNameOwners,
  findReferenceSupplement,
  insertReferenceSupplement,
  listReferenceSupplements,
  updateReferenceSupplement,
} from './admin-supplements.repository.ts';

const nameTaken = () => new AppError('CONFLICT', ADMIN_MESSAGES.nameTaken, { details: [{ field: 'name', message: ADMIN_MESSAGES.nameTaken }] });

/**
 * The reference supplement database behind the Add Supplement suggestions. Names are unique
 * ignoring case, and an alternative name may not be another supplement's own name (it would make
 * a typed name point at two entries). Alternative names may be shared ("vitamin d" is both D2 and D3).
 */
export class AdminSupplementsService {
  private readonly table: AuditedTable<ReferenceRow, { id: string; name: string }, ReferenceValues>;

  constructor(private readonly deps: { db: Db; audit: AuditLog }) {
    this.table = new AuditedTable(deps, {
      subject: 'supplement',
      targetType: 'reference_supplement',
      notFound: ADMIN_MESSAGES.supplementNotFound,
      taken: nameTaken,
      find: findReferenceSupplement,
      insert: insertReferenceSupplement,
      update: updateReferenceSupplement,
      remove: deleteReferenceSupplement,
      details: (row) => ({ name: row.name }),
    });
  }

  async list(query: { q: string; sort: ReferenceSortField; order: 'asc' | 'desc'; page: number; pageSize: number }): Promise<ReferenceSupplementList> {
    const { rows, total } = await listReferenceSupplements(this.deps.db, {
      q: query.q,
      sort: query.sort,
      order: query.order,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      supplements: rows.map(toDto),
      pagination: { page: query.page, pageSize: query.pageSize, total, totalPages: totalPagesOf(total, query.pageSize) },
    };
  }

  async create(actor: Actor, input: ReferenceSupplementInput): Promise<ReferenceSupplement> {
    return toDto(await this.table.create(actor, await this.checked(input)));
  }

  async update(actor: Actor, id: string, input: ReferenceSupplementInput): Promise<ReferenceSupplement> {
    return toDto(await this.table.update(actor, id, () => this.checked(input, id)));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.table.remove(actor, id);
  }

  private async checked(input: ReferenceSupplementInput, exceptId?: string): Promise<ReferenceValues> {
    if (await findNameOwner(this.deps.db, input.name, exceptId)) throw nameTaken();
    // Its own name among its alternatives adds nothing.
    const alternativeNames = input.alternativeNames.filter((name) => name.toLowerCase() !== input.name.toLowerCase());
    const [clash] = await findNameOwners(this.deps.db, alternativeNames, exceptId);
    if (clash) {
      const message = `"${clash.name}" is the name of another supplement, so it cannot be an alternative name here`;
      throw new AppError('CONFLICT', message, { details: [{ field: 'alternativeNames', message }] });
    }
    return {
      name: input.name,
      category: input.category,
      alternativeNames,
      description: input.description,
      source: input.source,
      sourceUrl: input.sourceUrl,
    };
  }
}

function toDto(row: ReferenceRow): ReferenceSupplement {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    alternativeNames: row.alternativeNames,
    description: row.description,
    source: row.source,
    sourceUrl: row.sourceUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
