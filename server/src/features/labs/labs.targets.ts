import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { addDays, localDateOf } from '#contract/dates.ts';
import type { ValueComparator } from '#contract/biomarkers.ts';
import {
  type BiomarkerTarget,
  type BiomarkerTargetBody,
  type LabAttentionItem,
  type LabRetest,
  LAB_MESSAGES,
  RETEST_AFTER_MONTHS,
  RETEST_LATE_DAYS,
} from '#contract/labs.ts';
import type { Db } from '#server/db/client.ts';
import { biomarkerTargets, labResults, labRetests } from '#server/db/schema/index.ts';
import type { User } from '#server/domain/user.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Marker } from '#server/labs/extract/catalogue.ts';
import { findMarker, fromCanonical, toCanonicalValue, unitDefFor } from './labs.catalogue.ts';
import { OPTIMAL_RANGES, chooseReferenceRange, rangePosition, rangeProfile } from './labs.ranges.ts';
import { type LabResultRow, findLabResult, findOwnBiomarker, findRangeProfileStats, listOwnBiomarkers } from './labs.repository.ts';

/**
 * Targets the user sets per biomarker, the latest results that are out of range or off target,
 * and the retests the user accepts for them (decision 040). Every call is scoped to one user.
 */

type Range = { low: number | null; high: number | null };
export type TargetRow = typeof biomarkerTargets.$inferSelect;

export async function listTargets(db: Db, userId: string): Promise<TargetRow[]> {
  return db.select().from(biomarkerTargets).where(eq(biomarkerTargets.userId, userId)).orderBy(biomarkerTargets.biomarkerKey);
}

function requireMarker(key: string): Marker {
  const marker = findMarker(key);
  if (!marker) throw AppError.validation('biomarker', `Unknown biomarker "${key}"; pick one from the list`);
  return marker;
}

/** A target as sent; one of the user's own biomarkers has no catalogue unit, and gets its own from `withOwnUnit`. */
export function toTargetDto(row: TargetRow): BiomarkerTarget {
  const marker = findMarker(row.biomarkerKey);
  return { biomarker: row.biomarkerKey, low: row.low, high: row.high, unit: marker?.canonicalUnit ?? '' };
}

function withOwnUnit(row: TargetRow, ownUnits: ReadonlyMap<string, string>): BiomarkerTarget {
  const dto = toTargetDto(row);
  return { ...dto, unit: ownUnits.get(row.biomarkerKey) ?? dto.unit };
}

export async function targetsOf(db: Db, userId: string): Promise<BiomarkerTarget[]> {
  const [rows, own] = await Promise.all([listTargets(db, userId), listOwnBiomarkers(db, userId)]);
  const ownUnits = new Map(own.map((row) => [ownBiomarkerKey(row.id), row.unit]));
  return rows.map((row) => withOwnUnit(row, ownUnits));
}

/** The key of one of the user's own biomarkers ("own:<id>"), as their results carry it. */
export const ownBiomarkerKey = (id: string) => `own:${id}`;
const OWN_KEY = /^own:([0-9a-f-]{36})$/i;

/**
 * A target for one of the user's own biomarkers: in the one unit it was kept in, and only the
 * caller's own (another user's id is as unknown as a made-up one). No plausible limits: the
 * catalogue knows nothing of it.
 */
async function checkOwnTarget(db: Db, userId: string, id: string, body: BiomarkerTargetBody): Promise<{ biomarkerKey: string; low: number | null; high: number | null; unit: string }> {
  const own = await findOwnBiomarker(db, userId, id);
  if (!own) throw AppError.validation('biomarker', `Unknown biomarker "${body.biomarker}"; pick one from the list`);
  if (body.unit.toLowerCase() !== own.unit.toLowerCase()) throw AppError.validation('unit', `${LAB_MESSAGES.ownBiomarkerUnit} (${own.unit || 'no unit'})`);
  return { biomarkerKey: ownBiomarkerKey(own.id), low: body.low, high: body.high, unit: own.unit };
}

/**
 * A target as it is stored: the biomarker's key and both ends in its canonical unit, within what
 * is possible. The route and the import of an export both check a target with this.
 */
export function checkTarget(body: BiomarkerTargetBody): { biomarkerKey: string; low: number | null; high: number | null } {
  const marker = requireMarker(body.biomarker);
  const def = unitDefFor(marker, body.unit);
  if (!def) {
    const units = [...new Set(marker.units.map((u) => u.unit))].join(', ');
    throw AppError.validation('unit', `"${body.unit}" is not a unit for ${marker.name}; use one of ${units}`);
  }
  const low = body.low === null ? null : toCanonicalValue(def, body.low);
  const high = body.high === null ? null : toCanonicalValue(def, body.high);
  const [min, max] = marker.plausible;
  for (const [field, value] of [['low', low], ['high', high]] as const) {
    if (value !== null && (value < min || value > max)) {
      throw AppError.validation(field, `A target for ${marker.name} must be within what is possible (${min} to ${max} ${marker.canonicalUnit})`);
    }
  }
  return { biomarkerKey: marker.key, low, high };
}

/**
 * Saves the user's target: for a catalogue biomarker converted to its canonical unit and within
 * what is possible; for one of the user's own, in its unit.
 */
export async function saveTarget(db: Db, userId: string, body: BiomarkerTargetBody): Promise<BiomarkerTarget> {
  const ownId = OWN_KEY.exec(body.biomarker)?.[1];
  const own = ownId ? await checkOwnTarget(db, userId, ownId, body) : undefined;
  const { biomarkerKey, low, high } = own ?? checkTarget(body);
  const [row] = await db
    .insert(biomarkerTargets)
    .values({ userId, biomarkerKey, low, high })
    .onConflictDoUpdate({ target: [biomarkerTargets.userId, biomarkerTargets.biomarkerKey], set: { low, high, updatedAt: sql`now()` } })
    .returning();
  return withOwnUnit(row!, new Map(own ? [[biomarkerKey, own.unit]] : []));
}

export async function deleteTarget(db: Db, userId: string, biomarker: string): Promise<void> {
  const ownId = OWN_KEY.exec(biomarker)?.[1];
  const key = ownId ? ownBiomarkerKey(ownId.toLowerCase()) : requireMarker(biomarker).key;
  await db.delete(biomarkerTargets).where(and(eq(biomarkerTargets.userId, userId), eq(biomarkerTargets.biomarkerKey, key)));
}

/** The target the chart and the dashboard use, canonical: the user's own, else the optimal range. */
export function targetRangeFor(key: string, own: TargetRow | undefined): Range | null {
  if (own) return { low: own.low, high: own.high };
  const optimal = OPTIMAL_RANGES[key];
  return optimal ? { low: optimal.low, high: optimal.high } : null;
}

/** A calendar date moved by whole months, kept within the month (31 January + 1 month is 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** The retest rule (decision 040): some months after the test; when that day is past, soon from today. */
export function suggestedRetest(testDate: string, today: string): string {
  const due = addMonths(testDate, RETEST_AFTER_MONTHS);
  return due > today ? due : addDays(today, RETEST_LATE_DAYS);
}

type Judged = { reason: LabAttentionItem['reason']; referenceRange: Range; targetRange: Range | null } | null;

/** Where a result stands: out of its reference range first; else off its target; null when fine or unknown. */
export function judgeResult(row: LabResultRow, marker: Marker, profileStats: Parameters<typeof rangeProfile>[0], target: TargetRow | undefined): Judged {
  const def = unitDefFor(marker, row.unit) ?? { unit: marker.canonicalUnit, factor: 1 };
  const printed = { low: row.referenceLow, high: row.referenceHigh };
  const toCanonical = (range: Range): Range => ({
    low: range.low === null ? null : toCanonicalValue(def, range.low),
    high: range.high === null ? null : toCanonicalValue(def, range.high),
  });
  const toShown = (range: Range): Range => ({
    low: range.low === null ? null : fromCanonical(def, range.low),
    high: range.high === null ? null : fromCanonical(def, range.high),
  });
  const chosen = chooseReferenceRange({
    biomarker: marker.key,
    profile: rangeProfile(profileStats, row.testDate),
    printed: printed.low !== null || printed.high !== null ? toCanonical(printed) : null,
    typical: marker.typical,
  });
  const referenceRange = chosen.source === 'report' ? printed : toShown(chosen);
  const canonicalTarget = targetRangeFor(marker.key, target);
  const targetRange = canonicalTarget ? toShown(canonicalTarget) : null;
  const reason = reasonFor(row.canonicalValue, row.comparator, chosen, canonicalTarget);
  return reason ? { reason, referenceRange, targetRange } : null;
}

/** Out of the reference range first; else off target; null when fine or when there is nothing to judge by. */
function reasonFor(value: number, comparator: ValueComparator | null, reference: Range, target: Range | null): LabAttentionItem['reason'] | null {
  const position = rangePosition(value, reference, comparator);
  if (position === 'low' || position === 'high') return position;
  const onTarget = target ? rangePosition(value, target, comparator) : null;
  if (onTarget === 'low') return 'below-target';
  if (onTarget === 'high') return 'above-target';
  return null;
}

/**
 * A result of one of the user's own biomarkers, kept in its one unit: the catalogue knows nothing
 * of it, so only the range printed on its report and the user's own target judge it.
 */
function judgeOwnResult(row: LabResultRow, target: TargetRow | undefined): Judged {
  const referenceRange = { low: row.referenceLow, high: row.referenceHigh };
  const targetRange = target ? { low: target.low, high: target.high } : null;
  const reason = reasonFor(row.canonicalValue, row.comparator, referenceRange, targetRange);
  return reason ? { reason, referenceRange, targetRange } : null;
}

/** What judging a user's results needs beside the result: the profile, their targets, and the names of their own biomarkers. */
type Judging = { stats: Parameters<typeof rangeProfile>[0]; targetByKey: Map<string, TargetRow>; ownNames: Map<string, string> };

async function loadJudging(db: Db, userId: string): Promise<Judging> {
  const [stats, targets, own] = await Promise.all([findRangeProfileStats(db, userId), listTargets(db, userId), listOwnBiomarkers(db, userId)]);
  return {
    stats,
    targetByKey: new Map(targets.map((row) => [row.biomarkerKey, row])),
    ownNames: new Map(own.map((row) => [ownBiomarkerKey(row.id), row.name])),
  };
}

/** A result named as the user knows its biomarker, and where it stands; null when fine, or of no biomarker the user has. */
function judgeNamed(row: LabResultRow, judging: Judging): { name: string; judged: NonNullable<Judged> } | null {
  const key = row.biomarkerKey;
  const marker = findMarker(key);
  const ownName = judging.ownNames.get(key);
  if (marker?.key === key) {
    const judged = judgeResult(row, marker, judging.stats, judging.targetByKey.get(key));
    return judged ? { name: marker.name, judged } : null;
  }
  if (ownName === undefined) return null;
  const judged = judgeOwnResult(row, judging.targetByKey.get(key));
  return judged ? { name: ownName, judged } : null;
}

/** Each biomarker's name as the user knows it: the catalogue's, or their own biomarker's (the key when it is gone). */
export async function biomarkerNamesOf(db: Db, userId: string, keys: string[]): Promise<string[]> {
  const own = keys.some((key) => OWN_KEY.test(key)) ? await listOwnBiomarkers(db, userId) : [];
  const ownNames = new Map(own.map((row) => [ownBiomarkerKey(row.id), row.name]));
  return keys.map((key) => ownNames.get(key) ?? findMarker(key)?.name ?? key);
}

/** Each biomarker's latest reviewed result (unreviewed values may be misreads). */
async function latestResults(db: Db, userId: string): Promise<LabResultRow[]> {
  return db
    .selectDistinctOn([labResults.biomarkerKey])
    .from(labResults)
    .where(and(eq(labResults.userId, userId), eq(labResults.reviewed, true)))
    .orderBy(labResults.biomarkerKey, desc(labResults.testDate), desc(labResults.createdAt));
}

async function pendingRetests(db: Db, userId: string) {
  return db
    .select({ id: labRetests.id, biomarkerKey: labRetests.biomarkerKey, dueDate: labRetests.dueDate })
    .from(labRetests)
    .where(and(eq(labRetests.userId, userId), isNull(labRetests.sentAt)));
}

/** The dashboard's list: latest results out of range or off target, newest first, with the retest to plan. */
export async function attentionList(db: Db, user: User): Promise<LabAttentionItem[]> {
  const [latest, judging, retests] = await Promise.all([latestResults(db, user.id), loadJudging(db, user.id), pendingRetests(db, user.id)]);
  const today = localDateOf(new Date(), user.timeZone);
  const retestByKey = new Map(retests.map((row) => [row.biomarkerKey, row]));
  const items: LabAttentionItem[] = [];
  for (const row of latest) {
    const named = judgeNamed(row, judging);
    if (!named) continue;
    const retest = retestByKey.get(row.biomarkerKey);
    items.push({
      resultId: row.id,
      biomarker: row.biomarkerKey,
      name: named.name,
      value: row.value,
      comparator: row.comparator,
      unit: row.unit,
      testDate: row.testDate,
      ...named.judged,
      suggestedRetest: suggestedRetest(row.testDate, today),
      retest: retest ? { id: retest.id, dueDate: retest.dueDate } : null,
    });
  }
  return items.sort((a, b) => b.testDate.localeCompare(a.testDate) || a.name.localeCompare(b.name));
}

/** Cancels one of the user's planned retests: the row goes, so the reminders scan never finds it. */
export async function cancelRetest(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db.delete(labRetests).where(and(eq(labRetests.userId, userId), eq(labRetests.id, id))).returning({ id: labRetests.id });
  if (removed.length === 0) throw AppError.notFound(LAB_MESSAGES.retestNotFound);
}

/**
 * Accepts the suggested retest for one of the user's results: only for a result that is out of
 * range or off target. One retest per biomarker; a newer one replaces it and is reminded again.
 */
export async function acceptRetest(db: Db, user: User, resultId: string): Promise<LabRetest> {
  const row = await findLabResult(db, user.id, resultId);
  if (!row) throw AppError.notFound(LAB_MESSAGES.resultNotFound);
  if (!judgeNamed(row, await loadJudging(db, user.id))) throw AppError.validation('resultId', LAB_MESSAGES.retestNotNeeded);
  const dueDate = suggestedRetest(row.testDate, localDateOf(new Date(), user.timeZone));
  const [saved] = await db
    .insert(labRetests)
    .values({ userId: user.id, biomarkerKey: row.biomarkerKey, resultId: row.id, dueDate })
    .onConflictDoUpdate({ target: [labRetests.userId, labRetests.biomarkerKey], set: { resultId: row.id, dueDate, sentAt: null, createdAt: sql`now()` } })
    .returning();
  return { id: saved!.id, biomarker: saved!.biomarkerKey, dueDate: saved!.dueDate };
}
