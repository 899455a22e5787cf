import { localDateOf } from '#contract/dates.ts';
import { type Schedule } from '#contract/schedule.ts';
import { type IntakeWarningsResponse, type Supplement, type SupplementInput, type SupplementSuggestion } from '#contract/supplements.ts';
import { type LabelAmount, SUPPLEMENT_MESSAGES, formatDosage, formatFrequency, formatLabelAmount } from '#contract/supplements-texts.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import type { User } from '#server/domain/user.ts';
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
  listWarningDismissals,
  updateSupplement,
  upsertWarningDismissal,
} from './supplements.repository.ts';

/** The user a request acts for: the id scopes every query, the time zone dates a new schedule. */
type Owner = { id: string; timeZone: string };

const WARNING_NOT_FOUND = 'There is no intake warning for this nutrient';

export type SupplementWithNutrient = Supplement & { nutrient: string | null };

/** A stack longer than this is not a stack; it keeps one account from filling the database. */
export const MAX_SUPPLEMENTS_PER_USER = 200;

/** The user's stack and the reference search. Every call is scoped to one user's id. */
export class SupplementsService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  search(text: string, limit: number): Promise<SupplementSuggestion[]> {
    return searchReferenceSupplements(this.db, text, limit);
  }

  async list(userId: string): Promise<Supplement[]> {
    return (await listSupplements(this.db, userId)).map(toSupplementDto);
  }

  /** The stack as `list` gives it, each with its reference entry's nutrient key (vitamin-d, magnesium, ...). */
  async listWithNutrients(userId: string): Promise<SupplementWithNutrient[]> {
    return (await listSupplements(this.db, userId)).map((row) => ({ ...toSupplementDto(row), nutrient: row.nutrient }));
  }

  count(userId: string): Promise<number> {
    return countSupplements(this.db, userId);
  }

  async create(user: Owner, input: SupplementInput): Promise<Supplement> {
    if ((await countSupplements(this.db, user.id)) >= MAX_SUPPLEMENTS_PER_USER) {
      throw AppError.validation('name', `A stack can hold at most ${MAX_SUPPLEMENTS_PER_USER} supplements`);
    }
    const id = await insertSupplement(this.db, user.id, await this.toValues(user, input));
    return this.get(user.id, id);
  }

  async update(user: Owner, id: string, input: SupplementInput): Promise<Supplement> {
    const updated = await updateSupplement(this.db, user.id, id, await this.toValues(user, input));
    if (!updated) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
    return this.get(user.id, id);
  }

  /** Past logs keep their copy of the name and dosage, so history survives the deletion. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteSupplement(this.db, userId, id))) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
  }

  /** The user's own supplements among `ids` (for logging); others' ids are simply absent. */
  findOwned(userId: string, ids: string[]) {
    return findSupplementsByIds(this.db, userId, ids);
  }

  /**
   * The stack's intake warnings on the user's today (a course that has ended adds nothing); each
   * says whether the user put it away for the doses it has now.
   */
  async warnings(user: Pick<User, 'id' | 'timeZone'>, now = new Date()): Promise<IntakeWarningsResponse> {
    const [items, dismissals] = await Promise.all([listStackIntake(this.db, user.id), listWarningDismissals(this.db, user.id)]);
    const { warnings, unconverted, uncounted } = computeIntakeWarnings(items, dismissals, { today: localDateOf(now, user.timeZone) });
    return { warnings, unconverted, uncounted };
  }

  /**
   * Puts a nutrient's warning away until a dose behind it changes (product.md, Tracking, "Intake
   * warnings"). The doses are read here, never taken from the request, so the warning comes back
   * whatever the client says once the stack changes. No current warning for it: 404.
   */
  async dismissWarning(user: Pick<User, 'id' | 'timeZone'>, nutrient: string): Promise<IntakeWarningsResponse> {
    const today = localDateOf(new Date(), user.timeZone);
    const { dosesHashes } = computeIntakeWarnings(await listStackIntake(this.db, user.id), new Map(), { today });
    const hash = dosesHashes.get(nutrient);
    if (!hash) throw AppError.notFound(WARNING_NOT_FOUND);
    await upsertWarningDismissal(this.db, user.id, nutrient, hash);
    return this.warnings(user);
  }

  private async get(userId: string, id: string): Promise<Supplement> {
    const row = await findSupplement(this.db, userId, id);
    if (!row) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
    return toSupplementDto(row);
  }

  private async toValues(user: Owner, input: SupplementInput): Promise<SupplementValues> {
    // A schedule sent without its first day starts on the user's today.
    const schedule: Schedule | null = input.schedule
      ? { ...input.schedule, startDate: input.schedule.startDate ?? localDateOf(this.now(), user.timeZone) }
      : null;
    if (schedule?.endDate && schedule.endDate < schedule.startDate) {
      throw AppError.validation('schedule.endDate', 'End date cannot be before the start date');
    }
    return {
      name: input.name,
      referenceSupplementId: await findReferenceIdByName(this.db, input.name),
      dosageAmount: input.dosage.amount,
      dosageUnit: input.dosage.unit,
      frequencyCount: input.frequency.count,
      frequencyUnit: input.frequency.unit,
      strengthAmount: input.strength?.amount ?? null,
      strengthUnit: input.strength?.unit ?? null,
      strengthOf: input.strength?.of ?? null,
      contentAmount: input.nutrientContent?.amount ?? null,
      contentUnit: input.nutrientContent?.unit ?? null,
      contentOf: input.nutrientContent?.of ?? null,
      schedule,
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
    strength: labelText(row.strengthAmount, row.strengthUnit, row.strengthOf),
    nutrientContent: labelText(row.contentAmount, row.contentUnit, row.contentOf),
    schedule: row.schedule ?? null,
    referenceSupplementId: row.referenceSupplementId,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function labelText(amount: number | null, unit: LabelAmount['unit'] | null, of: string | null): string | null {
  return amount !== null && unit !== null ? formatLabelAmount({ amount, unit, of }) : null;
}
