import { type Medication, type MedicationInput, INTERACTION_TEXTS } from '#contract/interactions.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  type MedicationRow,
  countMedications,
  deleteMedication,
  insertMedication,
  listMedications,
  updateMedication,
} from './medications.repository.ts';

/** Keeps one account from filling the database; far more than anyone takes. */
export const MAX_MEDICATIONS_PER_USER = 100;

/** The medications in the user's stack (product.md, Medications and interactions). Scoped to one user. */
export class MedicationsService {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<Medication[]> {
    return (await listMedications(this.db, userId)).map(toDto);
  }

  async create(userId: string, input: MedicationInput): Promise<Medication> {
    if ((await countMedications(this.db, userId)) >= MAX_MEDICATIONS_PER_USER) {
      throw AppError.validation('name', `A stack can hold at most ${MAX_MEDICATIONS_PER_USER} medications`);
    }
    return toDto(await insertMedication(this.db, userId, input));
  }

  async update(userId: string, id: string, input: MedicationInput): Promise<Medication> {
    const row = await updateMedication(this.db, userId, id, input);
    if (!row) throw AppError.notFound(INTERACTION_TEXTS.medicationNotFound);
    return toDto(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteMedication(this.db, userId, id))) throw AppError.notFound(INTERACTION_TEXTS.medicationNotFound);
  }
}

/** A medication as the API and the data export give it. */
export function toDto(row: MedicationRow): Medication {
  return {
    id: row.id,
    kind: 'medication',
    name: row.name,
    strength: row.strength,
    schedule: row.schedule,
    startedOn: row.startedOn,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
