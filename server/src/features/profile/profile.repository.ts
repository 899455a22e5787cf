import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { selectRows } from '#server/db/sql.ts';
import { labFiles, labResults, users } from '#server/db/schema/index.ts';
import type { User } from '#server/domain/user.ts';

/** Whether another account uses this username or e-mail, ignoring case. */
export async function findTakenIdentity(db: Db, userId: string, username: string, email: string): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        sql`(lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()})`,
      ),
    );
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
}

export type ProfileChanges = Partial<Pick<User, 'username' | 'email' | 'name' | 'phoneNumber' | 'timeZone' | 'unitSystem' | 'emailVerifiedAt'>>;

export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Whether the user has any lab result: an uploaded report or a result entered by hand
 * (product.md, Profile and health stats: every plan can complete the lab step, the free one too).
 */
export async function hasLabResults(db: Db, userId: string): Promise<boolean> {
  const [row] = await selectRows<{ present: boolean }>(
    db,
    sql`select exists(select 1 from ${labFiles} where ${labFiles.userId} = ${userId})
      or exists(select 1 from ${labResults} where ${labResults.userId} = ${userId}) as present`,
  );
  return row?.present === true;
}

