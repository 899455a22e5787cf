import { MESSAGES } from '#contract/errors.ts';
import {
  type DayView,
  type Effects,
  type MonthDays,
  type QualitativeLog,
  LOG_MESSAGES,
  SUPPLEMENT_MESSAGES,
  addDays,
  effectsBodySchema,
  formatDosage,
  formatFrequency,
  localDateOf,
  supplementLogsBodySchema,
} from '#contract/tracking.ts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/features/auth/auth.repository.ts';
import { computeIntakeWarnings } from '#server/features/supplements/intake-warnings.ts';
import type { SupplementsService } from '#server/features/supplements/supplements.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { UserCache } from '#server/lib/user-cache.ts';
import {
  type LoggedDaysSummary,
  type NewSupplementLog,
  type DayNoteRow,
  hasAnySupplementLog,
  readDay,
  replaceDays,
  summariseDays,
  summariseLoggedDays,
  upsertEffects,
} from './supplement-logs.repository.ts';

type Dependencies = {
  db: Db;
  supplements: SupplementsService;
  now?: () => Date;
  /**
   * Billing: the plan's entitlements (usage/entitlements.service.ts). When given, it decides
   * whether the trial is over, including a trial never explicitly started (28 days from sign-up)
   * and a cancelled plan past its end.
   */
  entitlements?: { assertActive(user: UserRow): void };
  /** The day views and streaks kept in memory (lib/user-cache.ts); none when not given. */
  caches?: { days: UserCache<DayView>; streaks: UserCache<LoggedDaysSummary> };
};

/** A phone clock a little ahead of ours is not a log from the future. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
const EARLIEST_LOG = Date.UTC(2000, 0, 1);

/**
 * Daily intake and the day's notes, always by the user's local day (decisions section 4): a log
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

  today(user: UserRow): string {
    return localDateOf(this.now(), user.timeZone);
  }

  /**
   * Saves intake: each local day named by the entries has its intake set replaced by them, so
   * saving the same day twice edits it. All or nothing: a foreign or unknown supplement id
   * fails the whole request with 404 and changes nothing.
   */
  async saveLogs(user: UserRow, body: z.output<typeof supplementLogsBodySchema>): Promise<{ id: string; takenAt: string }[]> {
    this.assertMayLog(user);
    const now = this.now().getTime();
    const entries = body.logs.map((entry, index) => {
      const takenAt = new Date(entry.takenAt);
      if (takenAt.getTime() > now + FUTURE_TOLERANCE_MS) throw fieldError(`logs.${index}.takenAt`, LOG_MESSAGES.takenAtFuture);
      if (takenAt.getTime() < EARLIEST_LOG) throw fieldError(`logs.${index}.takenAt`, LOG_MESSAGES.takenAtTooOld);
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
      .map((entry) => {
        const supplement = owned.get(entry.supplementId)!;
        return {
          supplementId: supplement.id,
          referenceSupplementId: supplement.referenceSupplementId,
          localDate: entry.localDate,
          takenAt: entry.takenAt,
          name: supplement.name,
          dosageAmount: supplement.dosageAmount,
          dosageUnit: supplement.dosageUnit,
          frequencyCount: supplement.frequencyCount,
          frequencyUnit: supplement.frequencyUnit,
        };
      });
    const saved = await this.deps.db.transaction((tx) => replaceDays(tx as unknown as Db, user.id, days, rows));
    return saved.map((row) => ({ id: row.id, takenAt: row.takenAt.toISOString() }));
  }

  async day(user: UserRow, date: string): Promise<DayView> {
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
      warnings: computeIntakeWarnings(logs).warnings,
    };
  }

  async monthDays(user: UserRow, month: string): Promise<MonthDays> {
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
  async saveEffects(user: UserRow, body: z.output<typeof effectsBodySchema>): Promise<Effects> {
    this.assertMayLog(user);
    const today = this.today(user);
    const date = body.date ?? today;
    if (date > today) throw fieldError('date', 'Date cannot be in the future');
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
    return toEffectsDto(row);
  }

  /** The current and longest runs of logged local days up to `today`, and the last logged day (streaks). */
  loggedDays(userId: string, today: string): Promise<LoggedDaysSummary> {
    return this.caches.streaks.getOrLoad(`${userId}:${today}`, userId, () => summariseLoggedDays(this.deps.db, userId, today));
  }

  hasAnyLog(userId: string): Promise<boolean> {
    return hasAnySupplementLog(this.deps.db, userId);
  }

  /** Decisions section 2: after the trial, a free account keeps its data but logs nothing new. */
  private assertMayLog(user: UserRow): void {
    if (this.deps.entitlements) return this.deps.entitlements.assertActive(user);
    if (user.subscriptionTier === 'free' && user.trialEndsAt && user.trialEndsAt.getTime() <= this.now().getTime()) {
      throw new AppError('TRIAL_EXPIRED', MESSAGES.trialExpired);
    }
  }
}

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
