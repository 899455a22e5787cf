import {
  type CreateShareResult,
  SHARE_LOG_DAYS,
  SHARE_MAX_ACTIVE,
  SHARE_MESSAGES,
  type ShareLink,
  type SharePart,
  type SharedData,
} from '#contract/data-ownership.ts';
import type { BiomarkerCategory } from '#contract/biomarkers.ts';
import { addDays, localDateOf } from '#contract/dates.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { dosageText, frequencyText } from '#server/features/data-ownership/export.document.ts';
import {
  type LabResultRow,
  findHealthStatsOf,
  listIntakeLogsOf,
  listLabResultsOf,
  listNotesOf,
  listSupplementsOf,
} from '#server/features/data-ownership/public.ts';
import { AppError } from '#server/http/app-error.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import {
  type ShareLinkRow,
  type ShareLinkWithViews,
  countActiveShareLinks,
  findOpenShareLink,
  insertShareLink,
  insertShareView,
  listShareLinksOf,
  revokeAllShareLinksOf,
  revokeShareLink,
} from './shares.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = { db: Db; audit: AuditLog; publicUrl: string; now?: () => Date };

const HOUR_MS = 60 * 60 * 1000;

/**
 * Read-only links for a clinician. The token is 256 random bits, shown once and stored only as
 * its hash; opening a link reads only the parts it names (the others are never queried), logs the
 * time of the opening, and answers 404 once the link has expired or was revoked.
 */
export class SharesService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(userId: string): Promise<ShareLink[]> {
    const now = this.now();
    return (await listShareLinksOf(this.deps.db, userId)).map((row) => toDto(row, now));
  }

  async create(
    user: User,
    body: { parts: SharePart[]; expiresInHours: number; label: string | null },
    client: { ipAddress: string },
  ): Promise<CreateShareResult> {
    const now = this.now();
    if ((await countActiveShareLinks(this.deps.db, user.id, now)) >= SHARE_MAX_ACTIVE) {
      throw new AppError('CONFLICT', SHARE_MESSAGES.tooMany.replace('{max}', String(SHARE_MAX_ACTIVE)));
    }
    const token = createToken();
    const parts = [...body.parts].sort((a, b) => PART_ORDER.indexOf(a) - PART_ORDER.indexOf(b));
    const row = await insertShareLink(this.deps.db, user.id, {
      tokenHash: hashToken(token),
      label: body.label,
      parts,
      expiresAt: new Date(now.getTime() + body.expiresInHours * HOUR_MS),
    });
    await this.deps.audit.record({
      action: 'data.share_created',
      actorId: user.id,
      targetType: 'share_link',
      targetId: row.id,
      ipAddress: client.ipAddress,
      details: { parts, expiresInHours: body.expiresInHours },
    });
    return {
      ok: true,
      message: SHARE_MESSAGES.created,
      link: toDto({ ...row, openCount: 0, openings: [] }, now),
      url: `${this.deps.publicUrl}/share/${token}`,
    };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await revokeShareLink(this.deps.db, userId, id, this.now()))) throw AppError.notFound(SHARE_MESSAGES.linkNotFound);
  }

  /** After a password reset: whoever knew the old password may have made links. */
  async revokeAllOf(userId: string): Promise<number> {
    return revokeAllShareLinksOf(this.deps.db, userId, this.now());
  }

  /** GET /api/share/{token}: the named parts only; any token that does not open answers the same 404. */
  async open(token: string): Promise<SharedData> {
    const now = this.now();
    const found = await findOpenShareLink(this.deps.db, hashToken(token), now);
    if (!found) throw AppError.notFound(SHARE_MESSAGES.notFound);
    const { link, owner } = found;
    await insertShareView(this.deps.db, link, now);
    const parts = new Set(link.parts);
    const data: SharedData = {
      owner: { displayName: owner.name?.trim() || owner.username },
      parts: link.parts,
      expiresAt: link.expiresAt.toISOString(),
      generatedAt: now.toISOString(),
    };
    const { db } = this.deps;
    if (parts.has('labs')) data.labs = { biomarkers: groupResults(await listLabResultsOf(db, owner.id)) };
    if (parts.has('stack')) {
      data.stack = {
        supplements: (await listSupplementsOf(db, owner.id)).map((row) => ({
          name: row.name,
          dosage: dosageText(row),
          frequency: frequencyText(row),
          notes: row.notes,
          since: localDateOf(row.createdAt, owner.timeZone),
        })),
      };
    }
    if (parts.has('logs')) {
      const to = localDateOf(now, owner.timeZone);
      const from = addDays(to, -(SHARE_LOG_DAYS - 1));
      const logs = await listIntakeLogsOf(db, owner.id, { from, to });
      const notes = await listNotesOf(db, owner.id, { from, to });
      const byName = new Map<string, { name: string; days: Set<string>; firstDay: string; lastDay: string }>();
      const byDay = new Map<string, string[]>();
      for (const log of logs) {
        const key = log.name.toLowerCase();
        const entry = byName.get(key) ?? { name: log.name, days: new Set<string>(), firstDay: log.localDate, lastDay: log.localDate };
        entry.days.add(log.localDate);
        if (log.localDate < entry.firstDay) entry.firstDay = log.localDate;
        if (log.localDate > entry.lastDay) entry.lastDay = log.localDate;
        byName.set(key, entry);
        byDay.set(log.localDate, [...(byDay.get(log.localDate) ?? []), log.name]);
      }
      data.logs = {
        from,
        to,
        adherence: [...byName.values()]
          .map((entry) => ({ name: entry.name, daysTaken: entry.days.size, firstDay: entry.firstDay, lastDay: entry.lastDay }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        intake: [...byDay.entries()].map(([date, supplements]) => ({ date, supplements })).sort((a, b) => b.date.localeCompare(a.date)),
        // Only the day's ratings: saved chats, summaries and free notes stay private.
        effects: notes
          .filter((note) => note.energy !== null && note.mood !== null && note.sleep !== null)
          .map((note) => ({ date: note.localDate, energy: note.energy!, mood: note.mood!, sleep: note.sleep!, note: note.note }))
          .sort((a, b) => b.date.localeCompare(a.date)),
      };
    }
    if (parts.has('stats')) {
      const stats = await findHealthStatsOf(db, owner.id);
      data.stats = {
        weight: stats?.weightLbs ?? null,
        height: stats?.heightInches ?? null,
        gender: stats?.gender ?? null,
        dateOfBirth: stats?.dateOfBirth ?? null,
        averageSleep: stats?.averageSleepMinutes ?? null,
        allergies: stats?.allergies ?? null,
        updatedAt: stats?.updatedAt.toISOString() ?? null,
      };
    }
    return data;
  }
}

const PART_ORDER: readonly SharePart[] = ['labs', 'stack', 'logs', 'stats'];

function statusOf(row: ShareLinkRow, now: Date): ShareLink['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function toDto(row: ShareLinkWithViews, now: Date): ShareLink {
  return {
    id: row.id,
    label: row.label,
    parts: row.parts,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
    openCount: row.openCount,
    openings: row.openings.map((at) => at.toISOString()),
  };
}

/** One entry per biomarker: its series in the canonical unit, and the latest result as reported; a limit keeps its sign. */
function groupResults(results: LabResultRow[]): NonNullable<SharedData['labs']>['biomarkers'] {
  const byKey = new Map<string, LabResultRow[]>();
  for (const result of results) byKey.set(result.biomarkerKey, [...(byKey.get(result.biomarkerKey) ?? []), result]);
  return [...byKey.values()]
    .map((rows) => {
      const latest = rows[rows.length - 1]!;
      return {
        name: latest.name,
        category: latest.category as BiomarkerCategory,
        loinc: latest.loinc,
        unit: latest.canonicalUnit,
        points: rows.map((row) => ({ testDate: row.testDate, value: row.canonicalValue, comparator: row.comparator, flag: row.flag })),
        latest: {
          testDate: latest.testDate,
          value: latest.value,
          comparator: latest.comparator,
          unit: latest.unit,
          referenceLow: latest.referenceLow,
          referenceHigh: latest.referenceHigh,
          referenceText: latest.referenceText,
          flag: latest.flag,
          reviewed: latest.reviewed,
        },
      };
    })
    .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}
