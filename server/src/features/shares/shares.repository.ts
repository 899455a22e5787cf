import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SharePart } from '#contract/data-ownership.ts';
import type { Db } from '#server/db/client.ts';
import { shareLinks, shareViews, users } from '#server/db/schema/index.ts';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ShareLinkWithViews = ShareLinkRow & { openCount: number; openings: Date[] };

const OPENINGS_LISTED = 20;

export async function insertShareLink(
  db: Db,
  userId: string,
  values: { tokenHash: string; label: string | null; parts: SharePart[]; expiresAt: Date },
): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values({ ...values, userId }).returning();
  return row!;
}

/** The user's links, newest first, each with its number of openings and the newest few. */
export async function listShareLinksOf(db: Db, userId: string): Promise<ShareLinkWithViews[]> {
  const links = await db.select().from(shareLinks).where(eq(shareLinks.userId, userId)).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  if (links.length === 0) return [];
  const ids = links.map((link) => link.id);
  const counts = await db
    .select({ shareLinkId: shareViews.shareLinkId, count: sql<number>`count(*)::int` })
    .from(shareViews)
    .where(and(eq(shareViews.userId, userId), inArray(shareViews.shareLinkId, ids)))
    .groupBy(shareViews.shareLinkId);
  // The newest openings of each link: a window over the user's views, cut at 20 per link.
  const recent = await db
    .select({ shareLinkId: sql<string>`v.share_link_id`, createdAt: sql<Date>`v.created_at` })
    .from(
      sql`(select ${shareViews.shareLinkId} as share_link_id, ${shareViews.createdAt} as created_at,
            row_number() over (partition by ${shareViews.shareLinkId} order by ${shareViews.createdAt} desc) as n
           from ${shareViews} where ${shareViews.userId} = ${userId}) v`,
    )
    .where(sql`v.n <= ${OPENINGS_LISTED}`)
    .orderBy(sql`v.created_at desc`);
  const countOf = new Map(counts.map((row) => [row.shareLinkId, row.count]));
  return links.map((link) => ({
    ...link,
    openCount: countOf.get(link.id) ?? 0,
    openings: recent.filter((view) => view.shareLinkId === link.id).map((view) => new Date(view.createdAt)),
  }));
}

export async function findShareLinkOf(db: Db, userId: string, id: string): Promise<ShareLinkRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id)));
  return row;
}

/** Revokes the user's link (once; a second revoke keeps the first time). False when it is not theirs. */
export async function revokeShareLink(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const existing = await findShareLinkOf(db, userId, id);
  if (!existing) return false;
  if (!existing.revokedAt) {
    await db.update(shareLinks).set({ revokedAt: at }).where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
  }
  return true;
}

/** Every link of the user that still opens stops opening; the number revoked. */
export async function revokeAllShareLinksOf(db: Db, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(shareLinks)
    .set({ revokedAt: at })
    .where(and(eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, at)))
    .returning({ id: shareLinks.id });
  return rows.length;
}

export async function countActiveShareLinks(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(shareLinks)
    .where(and(eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  return row?.count ?? 0;
}

/** A link that still opens (not revoked, not expired), with whose it is. */
export async function findOpenShareLink(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ link: shareLinks, owner: { id: users.id, name: users.name, username: users.username, timeZone: users.timeZone } })
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.userId))
    .where(and(eq(shareLinks.tokenHash, tokenHash), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  return row;
}

export async function insertShareView(db: Db, link: { id: string; userId: string }, at: Date): Promise<void> {
  await db.insert(shareViews).values({ shareLinkId: link.id, userId: link.userId, createdAt: at });
}
