import {
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  type ExportDocument,
  type ExportIntakeLog,
  type ExportLabFile,
  type ExportLabResult,
  type ExportLabRetest,
  type ExportNote,
  type ExportSupplement,
  type ExportHealthMeasurement,
  type ExportHealthStats,
  type ExportMedication,
} from '#contract/data-ownership.ts';
import { formatDosage, formatFrequency, formatLabelAmount, type Dosage, type Frequency } from '#contract/supplements-texts.ts';
import type { BiomarkerTarget } from '#contract/labs.ts';
import type { Db } from '#server/db/client.ts';
import { targetsOf } from '#server/features/labs/public.ts';
import { toDto as medicationToDto } from '#server/features/medications/medications.service.ts';
import {
  type HealthMeasurementRow,
  type HealthStatsRow,
  type IntakeLogRow,
  type LabFileRow,
  type LabResultRow,
  type LabRetestRow,
  type NoteRow,
  type SupplementRow,
  findHealthStatsOf,
  listAssistantHistoryOf,
  listHealthMeasurementsOf,
  listIntakeLogsOf,
  listLabFilesOf,
  listLabResultsOf,
  listLabRetestsOf,
  listNotesOf,
  listSessionsOf,
  listShareLinksWithViewsOf,
  listSubscriptionsOf,
  listSupplementsOf,
  listMedicationsOf,
  type MedicationRow,
} from './export.repository.ts';
import type { User } from '#server/domain/user.ts';

/** Everything one user holds, read once; every export format is made from this. */
export type UserData = {
  user: User;
  healthStats: HealthStatsRow | undefined;
  supplements: SupplementRow[];
  medications: MedicationRow[];
  intakeLogs: IntakeLogRow[];
  notes: NoteRow[];
  labFiles: LabFileRow[];
  labResults: LabResultRow[];
  healthMeasurements: HealthMeasurementRow[];
  /** Each in its biomarker's unit: the catalogue's canonical one, or the one an own biomarker was kept in. */
  biomarkerTargets: BiomarkerTarget[];
  labRetests: LabRetestRow[];
};

/** One query after another: PGlite has one connection, and none of these is slow. */
export async function readUserData(db: Db, user: User): Promise<UserData> {
  const healthStats = await findHealthStatsOf(db, user.id);
  const supplements = await listSupplementsOf(db, user.id);
  const medications = await listMedicationsOf(db, user.id);
  const intakeLogs = await listIntakeLogsOf(db, user.id);
  const notes = await listNotesOf(db, user.id);
  const labFiles = await listLabFilesOf(db, user.id);
  const labResults = await listLabResultsOf(db, user.id);
  const healthMeasurements = await listHealthMeasurementsOf(db, user.id);
  const biomarkerTargets = await targetsOf(db, user.id);
  const labRetests = await listLabRetestsOf(db, user.id);
  return { user, healthStats, supplements, medications, intakeLogs, notes, labFiles, labResults, healthMeasurements, biomarkerTargets, labRetests };
}

export function healthStatsDto(row: HealthStatsRow | undefined): ExportHealthStats | null {
  if (!row) return null;
  return {
    weight: row.weightLbs,
    height: row.heightInches,
    gender: row.gender as ExportHealthStats['gender'],
    ethnicity: row.ethnicity as ExportHealthStats['ethnicity'],
    dateOfBirth: row.dateOfBirth,
    averageSleep: row.averageSleepMinutes,
    allergies: row.allergies,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function dosageText(row: { dosageAmount: number; dosageUnit: Dosage['unit'] }): string {
  return formatDosage({ amount: row.dosageAmount, unit: row.dosageUnit });
}

export function frequencyText(row: { frequencyCount: number; frequencyUnit: Frequency['unit'] }): string {
  return formatFrequency({ count: row.frequencyCount, unit: row.frequencyUnit });
}

export function medicationDto(row: MedicationRow): ExportMedication {
  const { kind: _kind, ...medication } = medicationToDto(row);
  return medication;
}

export function healthMeasurementDto(row: HealthMeasurementRow): ExportHealthMeasurement {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    origin: row.origin,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    day: row.day,
    value: row.value,
    unit: row.unit,
    key: row.dedupeKey,
  };
}

export function labRetestDto(row: LabRetestRow): ExportLabRetest {
  return {
    id: row.id,
    biomarker: row.biomarkerKey,
    resultId: row.resultId,
    dueDate: row.dueDate,
    remindedAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The path of a lab file inside the CSV zip: its upload day, a short id and its name. */
export function archivePathOf(file: LabFileRow): string {
  return `lab-files/${file.createdAt.toISOString().slice(0, 10)}-${file.id.slice(0, 8)}-${file.fileName}`;
}

/** GET /api/export/json. `withFiles` names the zip paths of the original files when they travel along. */
export async function buildExportDocument(
  db: Db,
  data: UserData,
  options: { publicUrl: string; now: Date; withFiles?: boolean },
): Promise<ExportDocument> {
  const { user } = data;
  const assistantHistory = await listAssistantHistoryOf(db, user.id);
  const sessions = await listSessionsOf(db, user.id);
  const subscriptions = await listSubscriptionsOf(db, user.id);
  const shareLinks = await listShareLinksWithViewsOf(db, user.id);
  return {
    format: EXPORT_FORMAT,
    schemaVersion: EXPORT_SCHEMA_VERSION,
    exportedAt: options.now.toISOString(),
    source: { app: 'StackLab', url: options.publicUrl },
    account: accountDto(user),
    healthStats: healthStatsDto(data.healthStats),
    supplements: data.supplements.map(supplementDto),
    medications: data.medications.map(medicationDto),
    intakeLogs: data.intakeLogs.map(intakeLogDto),
    notes: data.notes.map(noteDto),
    labFiles: data.labFiles.map((row) => labFileDto(row, options.withFiles ? archivePathOf(row) : null)),
    labResults: data.labResults.map(labResultDto),
    healthMeasurements: data.healthMeasurements.map(healthMeasurementDto),
    biomarkerTargets: data.biomarkerTargets,
    labRetests: data.labRetests.map(labRetestDto),
    assistantHistory: assistantHistory.map((row) => ({ question: row.question, answer: row.answer, askedAt: row.createdAt.toISOString() })),
    sessions: sessions.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
    })),
    subscriptions: subscriptions.map((row) => ({
      provider: row.provider,
      tier: row.tier,
      interval: row.interval,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    })),
    shareLinks: shareLinks.map((row) => ({
      label: row.label,
      parts: row.parts,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      openedAt: row.openedAt.map((at) => at.toISOString()),
    })),
  };
}

function accountDto(user: User): ExportDocument['account'] {
  return {
    username: user.username,
    email: user.email,
    name: user.name,
    phoneNumber: user.phoneNumber,
    timeZone: user.timeZone,
    unitSystem: user.unitSystem,
    emailVerified: user.emailVerifiedAt !== null,
    subscriptionTier: user.subscriptionTier,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

function supplementDto(row: SupplementRow): ExportSupplement {
  return {
    id: row.id,
    name: row.name,
    dosageAmount: row.dosageAmount,
    dosageUnit: row.dosageUnit,
    frequencyCount: row.frequencyCount,
    frequencyUnit: row.frequencyUnit,
    strength: row.strengthAmount !== null && row.strengthUnit !== null ? formatLabelAmount({ amount: row.strengthAmount, unit: row.strengthUnit, of: row.strengthOf }) : null,
    nutrientContent: row.contentAmount !== null && row.contentUnit !== null ? formatLabelAmount({ amount: row.contentAmount, unit: row.contentUnit, of: row.contentOf }) : null,
    schedule: row.schedule,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function intakeLogDto(row: IntakeLogRow): ExportIntakeLog {
  return {
    id: row.id,
    supplementId: row.supplementId,
    name: row.name,
    dosageAmount: row.dosageAmount,
    dosageUnit: row.dosageUnit,
    frequencyCount: row.frequencyCount,
    frequencyUnit: row.frequencyUnit,
    date: row.localDate,
    takenAt: row.takenAt.toISOString(),
  };
}

function noteDto(row: NoteRow): ExportNote {
  return {
    id: row.id,
    type: row.type,
    date: row.localDate,
    content: row.content,
    summary: row.summary,
    ratings: row.energy !== null && row.mood !== null && row.sleep !== null ? { energy: row.energy, mood: row.mood, sleep: row.sleep } : null,
    note: row.note,
    tags: row.tags,
    loggedAt: row.loggedAt.toISOString(),
  };
}

function labFileDto(row: LabFileRow, archivePath: string | null): ExportLabFile {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    status: row.status,
    testDate: row.testDate,
    uploadedAt: row.createdAt.toISOString(),
    errorMessage: row.errorMessage,
    archivePath,
  };
}

function labResultDto(row: LabResultRow): ExportLabResult {
  return {
    id: row.id,
    labFileId: row.labFileId,
    biomarker: row.biomarkerKey,
    name: row.name,
    category: row.category as ExportLabResult['category'],
    loinc: row.loinc,
    value: row.value,
    comparator: row.comparator,
    unit: row.unit,
    canonicalValue: row.canonicalValue,
    canonicalUnit: row.canonicalUnit,
    referenceLow: row.referenceLow,
    referenceHigh: row.referenceHigh,
    referenceText: row.referenceText,
    flag: row.flag,
    printedFlag: row.printedFlag,
    testDate: row.testDate,
    reviewed: row.reviewed,
    source: row.source,
    unitFromRange: row.unitFromRange,
    readByModel: row.readByModel,
  };
}
