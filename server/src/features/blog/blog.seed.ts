import { createHash } from 'node:crypto';
import { citationLink } from '#contract/blog.ts';
import type { Db } from '#server/db/client.ts';
import { type FileStore, StoredFileMissingError } from '#server/storage/file-store.ts';
import { renderMarkdown } from './blog.markdown.ts';
import { insertPostsIfSlugFree, markSeeded, thumbnailKeysInUse } from './blog.repository.ts';
import { rasteriseSvg, THUMBNAIL_KEY_PREFIX } from './blog.thumbnails.ts';
import { SEED_POSTS, type SeedPost } from './seed-posts.data.ts';

/**
 * Adds the seed posts at start, after migrations, like the reference supplements. Idempotent and
 * safe for processes starting together: each seed slug is recorded once (`blog_seeded_posts`),
 * so a seed post an admin edits keeps the edits, and one an admin deletes stays deleted.
 *
 * Thumbnails: each seed's SVG is rasterised to a PNG file in the file store, under a key that
 * carries a hash of the SVG. Without a store (the test template) only the rows are written;
 * `ensureSeedThumbnails` writes any missing file later, and the server calls it at every start.
 */
export async function seedBlogPosts(db: Db, store?: FileStore, seeds: readonly SeedPost[] = SEED_POSTS): Promise<{ inserted: number }> {
  const inserted = await db.transaction(async (tx) => {
    const fresh = new Set(await markSeeded(tx, seeds.map((seed) => seed.slug)));
    return insertPostsIfSlugFree(
      tx,
      seeds.filter((seed) => fresh.has(seed.slug)).map(toRow),
    );
  });
  if (store) await ensureSeedThumbnails(db, store, seeds);
  return { inserted };
}

/** Writes the thumbnail file of every seed post that still uses its seed thumbnail and lacks the file. */
export async function ensureSeedThumbnails(db: Db, store: FileStore, seeds: readonly SeedPost[] = SEED_POSTS): Promise<number> {
  const bySeedKey = new Map(seeds.map((seed) => [seedThumbnailKey(seed), seed]));
  const inUse = await thumbnailKeysInUse(db, [...bySeedKey.keys()]);
  let written = 0;
  for (const key of inUse) {
    if (await exists(store, key)) continue;
    const { bytes, contentType } = await rasteriseSvg(Buffer.from(bySeedKey.get(key)!.thumbnail));
    await store.put(key, bytes, contentType);
    written += 1;
  }
  return written;
}

async function exists(store: FileStore, key: string): Promise<boolean> {
  try {
    await store.get(key);
    return true;
  } catch (error) {
    if (error instanceof StoredFileMissingError) return false;
    throw error;
  }
}

export function seedThumbnailKey(seed: SeedPost): string {
  const hash = createHash('sha256').update(seed.thumbnail).digest('hex').slice(0, 12);
  return `${THUMBNAIL_KEY_PREFIX}seed-${seed.slug}-${hash}`;
}

function toRow(seed: SeedPost) {
  return {
    section: seed.section,
    slug: seed.slug,
    title: seed.title,
    excerpt: seed.excerpt,
    contentMarkdown: seed.contentMarkdown,
    contentHtml: renderMarkdown(seed.contentMarkdown),
    citations: (seed.citations ?? []).map((citation) => ({
      title: citation.title,
      authors: citation.authors,
      year: citation.year,
      journal: citation.journal,
      doi: citation.doi ?? null,
      pubmedId: citation.pubmedId ?? null,
      url: citation.url || citationLink({ doi: citation.doi ?? null, pubmedId: citation.pubmedId ?? null, url: null }),
    })),
    thumbnailKey: seedThumbnailKey(seed),
    thumbnailContentType: 'image/png',
    published: true,
    publishedAt: new Date(`${seed.publishedAt}T09:00:00Z`),
  };
}
