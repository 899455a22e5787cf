import {
  type IntakeWarningsResponse,
  type Supplement,
  type SupplementInput,
  type SupplementSuggestion,
  SUPPLEMENT_MESSAGES,
  formatDosage,
  formatFrequency,
} from '#contract/tracking.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import { computeIntakeWarnings } from './intake-warnings.ts';
import { findReferenceIdByName, searchReferenceSupplements } from './reference-supplements.repository.ts';
import {
  type SupplementRow,
  type SupplementValues,
  countSupplements,
  deleteSupplement,
  findSupplement,
  findSupplementsByIds,
  insertSupplement,
  listStackIntake,
  listSupplements,
  updateSupplement,
} from './supplements.repository.ts';

/** A stack longer than this is not a stack; it keeps one account from filling the database. */
export const MAX_SUPPLEMENTS_PER_USER = 200;

/** The user's stack and the reference search. Every call is scoped to one user's id. */
export class SupplementsService {
  constructor(private readonly db: Db) {}

  search(text: string, limit: number): Promise<SupplementSuggestion[]> {
    return searchReferenceSupplements(this.db, text, limit);
  }

  async list(userId: string): Promise<Supplement[]> {
    return (await listSupplements(this.db, userId)).map(toSupplementDto);
  }

  count(userId: string): Promise<number> {
    return countSupplements(this.db, userId);
  }

  async create(userId: string, input: SupplementInput): Promise<Supplement> {
    if ((await countSupplements(this.db, userId)) >= MAX_SUPPLEMENTS_PER_USER) {
      throw AppError.validation('name', `A stack can hold at most ${MAX_SUPPLEMENTS_PER_USER} supplements`);
    }
    const id = await insertSupplement(this.db, userId, await this.toValues(input));
    return this.get(userId, id);
  }

  async update(userId: string, id: string, input: SupplementInput): Promise<Supplement> {
    const updated = await updateSupplement(this.db, userId, id, await this.toValues(input));
    if (!updated) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
    return this.get(userId, id);
  }

  /** Past logs keep their copy of the name and dosage, so history survives the deletion. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteSupplement(this.db, userId, id))) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
  }

  /** The user's own supplements among `ids` (for logging); others' ids are simply absent. */
  findOwned(userId: string, ids: string[]) {
    return findSupplementsByIds(this.db, userId, ids);
  }

  async warnings(userId: string): Promise<IntakeWarningsResponse> {
    return computeIntakeWarnings(await listStackIntake(this.db, userId));
  }

  private async get(userId: string, id: string): Promise<Supplement> {
    const row = await findSupplement(this.db, userId, id);
    if (!row) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
    return toSupplementDto(row);
  }

  private async toValues(input: SupplementInput): Promise<SupplementValues> {
    return {
      name: input.name,
      referenceSupplementId: await findReferenceIdByName(this.db, input.name),
      dosageAmount: input.dosage.amount,
      dosageUnit: input.dosage.unit,
      frequencyCount: input.frequency.count,
      frequencyUnit: input.frequency.unit,
      notes: input.notes,
    };
  }
}

export function toSupplementDto(row: SupplementRow): Supplement {
  return {
    id: row.id,
    name: row.name,
    dosage: formatDosage({ amount: row.dosageAmount, unit: row.dosageUnit }),
    frequency: formatFrequency({ count: row.frequencyCount, unit: row.frequencyUnit }),
    notes: row.notes,
    dosageAmount: row.dosageAmount,
    dosageUnit: row.dosageUnit,
    frequencyCount: row.frequencyCount,
    frequencyUnit: row.frequencyUnit,
    referenceSupplementId: row.referenceSupplementId,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
