import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { signInAddresses } from '#server/db/schema/index.ts';

export async function hasSignedInFrom(db: Db, userId: string, network: string): Promise<boolean> {
  const [row] = await db
    .select({ network: signInAddresses.network })
    .from(signInAddresses)
    .where(and(eq(signInAddresses.userId, userId), eq(signInAddresses.network, network)));
  return row !== undefined;
}

export async function rememberSignInFrom(db: Db, userId: string, network: string): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, network })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.network], set: { lastSignedInAt: sql`now()` } });
}
