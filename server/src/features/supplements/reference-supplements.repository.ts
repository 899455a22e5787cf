import { type SQL, eq, sql } from 'drizzle-orm';
import type { SupplementSuggestion } from '#contract/tracking.ts';
import type { Db } from '#server/db/client.ts';
import { referenceSupplementNames } from '#server/db/schema/index.ts';

/** Lower case, trimmed, inner spaces collapsed: the form names are stored and searched in. */
export function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Rebuilds the search names of every reference supplement (its name and alternative names) from
 * the table itself, adding what is missing and dropping names no longer listed.
 */
export async function syncAllReferenceNames(db: Db): Promise<void> {
  await db.execute(sql`
    delete from reference_supplement_names n
    where not exists (
      select 1 from reference_supplements s
      where s.id = n.reference_supplement_id
        and (n.name = lower(regexp_replace(btrim(s.name), '\\s+', ' ', 'g'))
          or n.name in (select lower(regexp_replace(btrim(a), '\\s+', ' ', 'g')) from unnest(s.alternative_names) a))
    )`);
  await db.execute(sql`
    insert into reference_supplement_names (reference_supplement_id, name, is_primary)
    select s.id, lower(regexp_replace(btrim(s.name), '\\s+', ' ', 'g')), true from reference_supplements s
    union
    select s.id, lower(regexp_replace(btrim(a), '\\s+', ' ', 'g')), false
      from reference_supplements s, unnest(s.alternative_names) a
      where btrim(a) <> ''
    on conflict do nothing`);
}

/** For the admin screen: call after creating or editing one reference supplement. */
export async function syncReferenceNames(db: Db, referenceSupplementId: string, name: string, alternativeNames: readonly string[]): Promise<void> {
  await db.delete(referenceSupplementNames).where(eq(referenceSupplementNames.referenceSupplementId, referenceSupplementId));
  const names = new Map<string, boolean>([[normaliseName(name), true]]);
  for (const alternative of alternativeNames) {
    const normalised = normaliseName(alternative);
    if (normalised && !names.has(normalised)) names.set(normalised, false);
  }
  await db
    .insert(referenceSupplementNames)
    .values([...names].map(([value, isPrimary]) => ({ referenceSupplementId, name: value, isPrimary })));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Suggestions for the Add Supplement dialog, best first, one per supplement. Ranking: an exact
 * name or alternative name, then a name starting with the text (the supplement's own name before
 * its alternative names), then a word of a name starting with it, then typo matches by trigram
 * similarity; ties go to the closer whole-name match and
 * then to the shorter name. The trigram index serves every branch of the filter.
 */
export async function searchReferenceSupplements(db: Db, text: string, limit: number): Promise<SupplementSuggestion[]> {
  const q = normaliseName(text);
  if (!q) return [];
  const prefix = `${escapeLike(q)}%`;
  const wordPrefix = `% ${escapeLike(q)}%`;
  const result = await selectRows<{ id: string; name: string; category: string }>(db, sql`
    with matches as (
      select n.reference_supplement_id as id,
             min(case when n.name = ${q} then 0
                      when n.is_primary and n.name like ${prefix} then 1
                      when n.name like ${prefix} then 2
                      when n.name like ${wordPrefix} then 3
                      else 4 end) as tier,
             max(similarity(n.name, ${q})) as sim,
             max(word_similarity(${q}, n.name)) as wsim
      from reference_supplement_names n
      where n.name like ${prefix} or n.name like ${wordPrefix} or n.name % ${q} or ${q} <% n.name
      group by n.reference_supplement_id
    )
    select s.id, s.name, s.category
    from matches m join reference_supplements s on s.id = m.id
    order by m.tier, m.sim desc, m.wsim desc, length(s.name), s.name
    limit ${limit}`);
  return result.map((row) => ({ id: row.id, name: row.name, category: row.category }));
}

/** The reference supplement a user's name stands for, by exact name or alternative name (ignoring case). */
export async function findReferenceIdByName(db: Db, name: string): Promise<string | null> {
  const result = await selectRows<{ id: string }>(db, sql`
    select n.reference_supplement_id as id from reference_supplement_names n
    join reference_supplements s on s.id = n.reference_supplement_id
    where n.name = ${normaliseName(name)}
    order by n.is_primary desc, s.name
    limit 1`);
  return result[0]?.id ?? null;
}

/** Raw SQL rows; PGlite and node-postgres both answer `{ rows }`. */
async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
