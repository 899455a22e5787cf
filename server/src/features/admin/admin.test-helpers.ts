import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, signedInClient } from '#server/testing/test-app.ts';

/** A signed-in administrator (signed up through the API, then given the flag as the CLI does). */
export async function adminClient(t: TestApp) {
  const signed = await signedInClient(t);
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, signed.user.id));
  return signed;
}

/** One anonymous client, one signed-in user and one admin: the three callers every admin route is tried with. */
export async function callers(t: TestApp) {
  const anonymous = new TestClient(t.app);
  const user = await signedInClient(t);
  const admin = await adminClient(t);
  return { anonymous, user, admin };
}
