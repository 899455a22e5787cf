import { type SQL, eq, sql } from 'drizzle-orm';
import type { SupplementSuggestion } from '#contract/supplements.ts';
import type { Db } from '#server/db/client.ts';
import { escapeLike, selectRows } from '#server/db/sql.ts';
import { referenceSupplementNames } from '#server/db/schema/index.ts';

/** Lower case, trimmed, inner spaces collapsed: the form names are stored and searched in. */
export function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

const NORMALISED = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;
/** Words are runs of letters and digits; the same split serves stored names and typed text. */
const WORD_SPLIT = '[^[:alnum:]]+';

/**
 * Rebuilds the search names and words of every reference supplement (its name and alternative
 * names) from the table itself, adding what is missing and dropping what is no longer listed.
 */
export async function syncAllReferenceNames(db: Db): Promise<void> {
  await db.execute(sql`
    delete from reference_supplement_names n
    where not exists (
      select 1 from reference_supplements s
      where s.id = n.reference_supplement_id
        and (n.name = ${NORMALISED(sql`s.name`)} or n.name in (select ${NORMALISED(sql`a`)} from unnest(s.alternative_names) a))
    )`);
  await db.execute(sql`
    insert into reference_supplement_names (reference_supplement_id, name, is_primary)
    select s.id, ${NORMALISED(sql`s.name`)}, true from reference_supplements s
    union
    select s.id, ${NORMALISED(sql`a`)}, false from reference_supplements s, unnest(s.alternative_names) a where btrim(a) <> ''
    on conflict do nothing`);
  await db.execute(sql`delete from reference_supplement_words`);
  await db.execute(sql`
    insert into reference_supplement_words (word, reference_supplement_id)
    select distinct w, n.reference_supplement_id
    from reference_supplement_names n, regexp_split_to_table(n.name, ${WORD_SPLIT}) w
    where w <> ''`);
  await db.execute(sql`delete from reference_words w where not exists (select 1 from reference_supplement_words sw where sw.word = w.word)`);
  await db.execute(sql`insert into reference_words (word) select distinct word from reference_supplement_words on conflict do nothing`);
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
  await db.execute(sql`delete from reference_supplement_words where reference_supplement_id = ${referenceSupplementId}`);
  await db.execute(sql`
    insert into reference_supplement_words (word, reference_supplement_id)
    select distinct w, n.reference_supplement_id
    from reference_supplement_names n, regexp_split_to_table(n.name, ${WORD_SPLIT}) w
    where n.reference_supplement_id = ${referenceSupplementId} and w <> ''`);
  await db.execute(sql`
    insert into reference_words (word)
    select distinct word from reference_supplement_words where reference_supplement_id = ${referenceSupplementId}
    on conflict do nothing`);
}

/**
 * Suggestions for the Add Supplement dialog, best first, one per supplement.
 *
 * Ranking: an exact name or alternative name; then a name starting with the text (the
 * supplement's own name before its alternative names); then supplements whose words match the
 * typed words, exactly, by prefix or by trigram similarity (typos), scored by how well all typed
 * words match. Ties go to a supplement whose own name has a word starting with the text
 * ("glycinate" finds Magnesium Glycinate before Boron, sold as boron glycinate), then to the shorter name, so
 * "Magnesium" comes before "Magnesium Glycinate".
 *
 * It stays fast on thousands of entries because trigram similarity is computed only against the
 * small table of distinct words (through its trigram index), never against every name.
 */
export async function searchReferenceSupplements(db: Db, text: string, limit: number): Promise<SupplementSuggestion[]> {
  const q = normaliseName(text);
  if (!q) return [];
  const prefix = `${escapeLike(q)}%`;
  const ownNameWords = `% ${escapeLike(q.split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' '))}%`;
  return selectRows<SupplementSuggestion>(db, sql`
    with typed as (
      select distinct w from regexp_split_to_table(${q}, ${WORD_SPLIT}) w where w <> ''
    ),
    word_hits as (
      select t.w as typed, rw.word,
             case when rw.word = t.w then 1.0
                  when rw.word like t.w || '%' then 0.8
                  else similarity(rw.word, t.w) * 0.8 end as score
      from typed t join reference_words rw on rw.word like t.w || '%' or rw.word % t.w
    ),
    word_matches as (
      select id, sum(score) / (select count(*) from typed) as score
      from (
        select sw.reference_supplement_id as id, h.typed, max(h.score) as score
        from word_hits h join reference_supplement_words sw on sw.word = h.word
        group by sw.reference_supplement_id, h.typed
      ) per_word
      group by id
    ),
    name_matches as (
      select reference_supplement_id as id,
             min(case when name = ${q} then 0 when is_primary then 1 else 2 end) as tier
      from reference_supplement_names
      where name like ${prefix}
      group by reference_supplement_id
    ),
    ranked as (
      select coalesce(nm.id, wm.id) as id, coalesce(nm.tier, 3) as tier, coalesce(wm.score, 0) as score
      from name_matches nm full join word_matches wm on wm.id = nm.id
    )
    select s.id, s.name, s.category
    from ranked r join reference_supplements s on s.id = r.id
    order by r.tier, r.score desc,
      ' ' || regexp_replace(lower(s.name), ${WORD_SPLIT}, ' ', 'g') not like ${ownNameWords},
      length(s.name), s.name
    limit ${limit}`);
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

