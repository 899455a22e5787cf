import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a raw query; drizzle's `execute` answers differently typed on PGlite and node-postgres. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `text` matched literally inside a LIKE pattern (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
