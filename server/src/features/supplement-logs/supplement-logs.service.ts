import { MESSAGES } from '#contract/errors.ts';
import { addDays, localDateOf, localNoonOf } from '#contract/dates.ts';
import {
  type DayView,
  type Effects,
  type MonthDays,
  type QualitativeLog,
  dayIntakeBodySchema,
  effectsBodySchema,
  supplementLogsBodySchema,
} from '#contract/supplement-logs.ts';
import { LOG_MESSAGES } from '#contract/supplement-logs-texts.ts';
import { SUPPLEMENT_MESSAGES, formatDosage, formatFrequency } from '#contract/supplements-texts.ts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import type { AuditEvent } from '#server/features/audit/audit.service.ts';
import { computeIntakeWarnings } from '#server/features/supplements/intake-warnings.ts';
import type { SupplementsService } from '#server/features/supplements/supplements.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { UserCache } from '#server/lib/user-cache.ts';
import {
  type LoggedDaysSummary,
  type NewSupplementLog,
  type DayNoteRow,
  deleteDayIntake,
  deleteEffects,
  deleteIntakeEntry,
  findDayTakenTimes,
  hasAnySupplementLog,
  readDay,
  replaceDays,
  setDaySupplements,
  setTakenOnDay,
  summariseDays,
  summariseLoggedDays,
  upsertEffects,
} from './supplement-logs.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  supplements: SupplementsService;
  now?: () => Date;
  /**
   * Billing: the plan's entitlements (usage/entitlements.service.ts). When given, it decides
   * whether the trial is over, including a trial never explicitly started (28 days from sign-up)
   * and a cancelled plan past its end.
   */
  entitlements?: { assertActive(user: User): void };
  /** The day views and streaks kept in memory (lib/user-cache.ts); none when not given. */
  caches?: { days: UserCache<DayView>; streaks: UserCache<LoggedDaysSummary> };
  /** Every change to a day's intake or rating is written down: when it was made, and for which day. */
  audit?: { record(event: AuditEvent): Promise<void> };
};

/** The oldest day that can be logged (the same rule as a log's time). */
const EARLIEST_DAY = '2000-01-01';

/** A phone clock a little ahead of ours is not a log from the future. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
const EARLIEST_LOG = Date.UTC(2000, 0, 1);

/**
 * Daily intake and the day's notes, always by the user's local day (product.md, Tracking): a log
 * belongs to the day its `takenAt` falls on in the user's time zone at the time of logging.
 */
export class SupplementLogsService {
  private readonly now: () => Date;

  private readonly caches: NonNullable<Dependencies['caches']>;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
    // Without the app's caches, ones that never listen: every read goes to the database.
    this.caches = deps.caches ?? { days: new UserCache(0), streaks: new UserCache(0) };
  }

  today(user: User): string {
    return localDateOf(this.now(), user.timeZone);
  }

  /**
   * Saves intake: each local day named by the entries has its intake set replaced by them, so
   * saving the same day twice edits it. All or nothing: a foreign or unknown supplement id
   * fails the whole request with 404 and changes nothing.
   */
  async saveLogs(user: User, body: z.output<typeof supplementLogsBodySchema>): Promise<{ id: string; takenAt: string }[]> {
    this.assertMayLog(user);
    const now = this.now().getTime();
    const entries = body.logs.map((entry, index) => {
      const sent = new Date(entry.takenAt);
      if (sent.getTime() > now + FUTURE_TOLERANCE_MS) throw fieldError(`logs.${index}.takenAt`, LOG_MESSAGES.takenAtFuture);
      if (sent.getTime() < EARLIEST_LOG) throw fieldError(`logs.${index}.takenAt`, LOG_MESSAGES.takenAtTooOld);
      // Within the tolerance it is now: a clock ahead at 23:58 must not log tomorrow (product.md, Tracking, "Any day").
      const takenAt = sent.getTime() > now ? new Date(now) : sent;
      return { ...entry, index, takenAt, localDate: localDateOf(takenAt, user.timeZone) };
    });

    const ids = [...new Set(entries.map((entry) => entry.supplementId))];
    const owned = new Map((await this.deps.supplements.findOwned(user.id, ids)).map((row) => [row.id, row]));
    const missing = entries.find((entry) => !owned.has(entry.supplementId));
    if (missing) {
      throw new AppError('NOT_FOUND', SUPPLEMENT_MESSAGES.notFound, {
        details: [{ field: `logs.${missing.index}.supplementId`, message: SUPPLEMENT_MESSAGES.notFound }],
      });
    }

    // One row per supplement and day; a later entry for the same pair wins.
    const byDayAndSupplement = new Map<string, (typeof entries)[number]>();
    for (const entry of entries) byDayAndSupplement.set(`${entry.localDate}|${entry.supplementId}`, entry);
    const days = [...new Set(entries.map((entry) => entry.localDate))];
    const rows: NewSupplementLog[] = [...byDayAndSupplement.values()]
      .filter((entry) => entry.taken)
      .map((entry) => toLogRow(owned.get(entry.supplementId)!, entry.localDate, entry.takenAt));
    const saved = await this.deps.db.transaction((tx) => replaceDays(tx, user.id, days, rows));
    for (const date of days) await this.recordChange(user, 'data.intake_saved', date);
    return saved.map((row) => ({ id: row.id, takenAt: row.takenAt.toISOString() }));
  }

  /**
   * Sets one local day's intake, today or any past day, never a future one (product.md, Tracking,
   * "Any day"): each supplement sent is taken that day or not; those not sent (one since deleted
   * from the stack) stay. A supplement already logged that day keeps its time; one added today
   * is taken now, one added to a past day at its noon.
   */
  async saveDay(user: User, date: string, body: z.output<typeof dayIntakeBodySchema>): Promise<DayView> {
    this.assertMayLog(user);
    const today = this.assertLoggableDay(user, date);
    const ids = [...new Set(body.logs.map((entry) => entry.supplementId))];
    const owned = new Map((await this.deps.supplements.findOwned(user.id, ids)).map((row) => [row.id, row]));
    const missingIndex = body.logs.findIndex((entry) => !owned.has(entry.supplementId));
    if (missingIndex >= 0) {
      throw new AppError('NOT_FOUND', SUPPLEMENT_MESSAGES.notFound, {
        details: [{ field: `logs.${missingIndex}.supplementId`, message: SUPPLEMENT_MESSAGES.notFound }],
      });
    }
    // A later entry for the same supplement wins, as in saveLogs.
    const taken = new Map(body.logs.map((entry) => [entry.supplementId, entry.taken]));
    const newTime = date === today ? this.now() : localNoonOf(date, user.timeZone);
    await this.deps.db.transaction(async (tx) => {
      const times = await findDayTakenTimes(tx, user.id, date);
      const rows: NewSupplementLog[] = [...taken]
        .filter(([, isTaken]) => isTaken)
        .map(([id]) => toLogRow(owned.get(id)!, date, times.get(id) ?? newTime));
      await setDaySupplements(tx, user.id, date, [...taken.keys()], rows);
    });
    await this.recordChange(user, 'data.intake_saved', date);
    return this.readDayView(user.id, date);
  }

  /**
   * Deletes a day's intake. Allowed after the trial too: a user may always delete their data
   * (product.md, Plans and billing).
   */
  async deleteDay(user: User, date: string): Promise<{ ok: true; message: string }> {
    const removed = await deleteDayIntake(this.deps.db, user.id, date);
    if (removed > 0) await this.recordChange(user, 'data.intake_deleted', date);
    return { ok: true, message: LOG_MESSAGES.dayDeleted };
  }

  /** Deletes one supplement from the day it was logged on; another user's entry is not found. */
  async deleteEntry(user: User, id: string): Promise<{ ok: true; message: string }> {
    const date = await deleteIntakeEntry(this.deps.db, user.id, id);
    if (!date) throw AppError.notFound(LOG_MESSAGES.entryNotFound);
    await this.recordChange(user, 'data.intake_entry_deleted', date);
    return { ok: true, message: LOG_MESSAGES.entryDeleted };
  }

  async deleteEffects(user: User, date: string): Promise<{ ok: true; message: string }> {
    if (!(await deleteEffects(this.deps.db, user.id, date))) throw AppError.notFound(LOG_MESSAGES.effectsNotFound);
    await this.recordChange(user, 'data.effects_deleted', date);
    return { ok: true, message: LOG_MESSAGES.effectsDeleted };
  }

  /**
   * One tap in "Today" (product.md, Tracking, "Schedules"): marks one supplement taken now, or
   * not taken, on the user's today, leaving the rest of the day's intake as it is. Marking it
   * again keeps the first time. Someone else's supplement: 404, nothing changes.
   */
  async markToday(user: User, supplementId: string, taken: boolean): Promise<{ date: string; taken: boolean; takenAt: string | null }> {
    this.assertMayLog(user);
    const [supplement] = await this.deps.supplements.findOwned(user.id, [supplementId]);
    if (!supplement) throw AppError.notFound(SUPPLEMENT_MESSAGES.notFound);
    const now = this.now();
    const date = localDateOf(now, user.timeZone);
    const row = await this.deps.db.transaction((tx) =>
      setTakenOnDay(tx, user.id, date, supplement.id, taken ? toLogRow(supplement, date, now) : null),
    );
    return { date, taken, takenAt: row ? row.takenAt.toISOString() : null };
  }

  async day(user: User, date: string): Promise<DayView> {
    return this.caches.days.getOrLoad(`${user.id}:${date}`, user.id, () => this.readDayView(user.id, date));
  }

  private async readDayView(userId: string, date: string): Promise<DayView> {
    const { logs, notes } = await readDay(this.deps.db, userId, date);
    const rating = notes.find((note) => note.energy !== null);
    return {
      date,
      supplements: logs.map((log) => ({
        id: log.id,
        supplementId: log.supplementId,
        name: log.name,
        dosage: formatDosage({ amount: log.dosageAmount, unit: log.dosageUnit }),
        frequency: formatFrequency({ count: log.frequencyCount, unit: log.frequencyUnit }),
        takenAt: log.takenAt.toISOString(),
      })),
      qualitativeLogs: notes.map(toQualitativeLogDto),
      effects: rating ? toEffectsDto(rating) : null,
      // A logged day holds each dose its schedule has, all on that day.
      warnings: computeIntakeWarnings(logs, new Map(), { oneDay: true }).warnings,
    };
  }

  async monthDays(user: User, month: string): Promise<MonthDays> {
    const from = `${month}-01`;
    const to = addDays(addDays(from, 31).slice(0, 7) + '-01', -1);
    const { logDays, noteDays } = await summariseDays(this.deps.db, user.id, from, to);
    const days = new Map<string, MonthDays['days'][number]>();
    const entry = (date: string) => {
      const existing = days.get(date) ?? { date, supplementCount: 0, hasNotes: false, hasSummary: false, hasEffects: false };
      days.set(date, existing);
      return existing;
    };
    for (const row of logDays) entry(row.date).supplementCount = row.count;
    for (const row of noteDays) Object.assign(entry(row.date), { hasNotes: row.hasNotes, hasSummary: row.hasSummary, hasEffects: row.hasEffects });
    return { month, days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)) };
  }

  /** The day's energy, mood and sleep: one per local day, a second save replaces the first. */
  async saveEffects(user: User, body: z.output<typeof effectsBodySchema>): Promise<Effects> {
    this.assertMayLog(user);
    const date = body.date ?? this.today(user);
    this.assertLoggableDay(user, date);
    const note = body.note ?? null;
    const content = `Energy ${body.energy}/5, mood ${body.mood}/5, sleep ${body.sleep}/5.${note ? ` ${note}` : ''}`;
    const row = await upsertEffects(this.deps.db, user.id, {
      localDate: date,
      energy: body.energy,
      mood: body.mood,
      sleep: body.sleep,
      note,
      content,
      loggedAt: this.now(),
    });
    await this.recordChange(user, 'data.effects_saved', date);
    return toEffectsDto(row);
  }

  /** The current and longest runs of logged local days up to `today`, and the last logged day (streaks). */
  loggedDays(userId: string, today: string): Promise<LoggedDaysSummary> {
    return this.caches.streaks.getOrLoad(`${userId}:${today}`, userId, () => summariseLoggedDays(this.deps.db, userId, today));
  }

  hasAnyLog(userId: string): Promise<boolean> {
    return hasAnySupplementLog(this.deps.db, userId);
  }

  /** Today or a past day in the user's time zone, judged here whatever the browser's clock says; answers today. */
  private assertLoggableDay(user: User, date: string): string {
    const today = this.today(user);
    if (date > today) throw fieldError('date', LOG_MESSAGES.dateFuture);
    if (date < EARLIEST_DAY) throw fieldError('date', LOG_MESSAGES.dateTooOld);
    return today;
  }

  /** The audit entry's own time is when the change was made; `date` is the day it was for. No health values. */
  private async recordChange(user: User, action: `data.${string}`, date: string): Promise<void> {
    await this.deps.audit?.record({ action, actorId: user.id, targetType: 'day', targetId: date, details: { date } });
  }

  /** product.md, Tracking: after the trial, a free account keeps its data but logs nothing new. */
  private assertMayLog(user: User): void {
    if (this.deps.entitlements) return this.deps.entitlements.assertActive(user);
    if (user.subscriptionTier === 'free' && user.trialEndsAt && user.trialEndsAt.getTime() <= this.now().getTime()) {
      throw new AppError('TRIAL_EXPIRED', MESSAGES.trialExpired);
    }
  }
}

/** A log copies the supplement's dose as it is now, so that history survives later edits. */
function toLogRow(supplement: SupplementRow, localDate: string, takenAt: Date): NewSupplementLog {
  return {
    supplementId: supplement.id,
    referenceSupplementId: supplement.referenceSupplementId,
    localDate,
    takenAt,
    name: supplement.name,
    dosageAmount: supplement.dosageAmount,
    dosageUnit: supplement.dosageUnit,
    frequencyCount: supplement.frequencyCount,
    frequencyUnit: supplement.frequencyUnit,
    strengthAmount: supplement.strengthAmount,
    strengthUnit: supplement.strengthUnit,
    contentAmount: supplement.contentAmount,
    contentUnit: supplement.contentUnit,
  };
}

type SupplementRow = Awaited<ReturnType<SupplementsService['findOwned']>>[number];

function fieldError(field: string, message: string): AppError {
  return AppError.validation(field, message);
}

function toQualitativeLogDto(row: DayNoteRow): QualitativeLog {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    summary: row.summary,
    loggedAt: row.loggedAt.toISOString(),
    ratings: row.energy !== null && row.mood !== null && row.sleep !== null ? { energy: row.energy, mood: row.mood, sleep: row.sleep } : null,
  };
}

function toEffectsDto(row: DayNoteRow): Effects {
  return {
    id: row.id,
    date: row.localDate,
    energy: row.energy ?? 0,
    mood: row.mood ?? 0,
    sleep: row.sleep ?? 0,
    note: row.note,
    loggedAt: row.loggedAt.toISOString(),
  };
}
