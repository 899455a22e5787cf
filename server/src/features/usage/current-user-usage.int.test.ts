import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { usageEvents, users } from '#server/db/schema/index.ts';
import { type TestApp, createTestApp, signedInClient } from '#server/testing/test-app.ts';

// Starter counts lab uploads over 3 months here, the other tiers over 12: an upload 4 months old
// tells whether the count used the user's own tier.
let t: TestApp;
beforeAll(async () => {
  const catalogue = structuredClone(DEFAULT_PLAN_CATALOGUE);
  catalogue.tiers.starter.limits.labUploadWindowMonths = 3;
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'stacklab-plans-')), 'plans.json');
  writeFileSync(file, JSON.stringify(catalogue));
  t = await createTestApp({ PLAN_CATALOGUE_FILE: file });
});
afterAll(() => t.close());

function monthsAgo(months: number): Date {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

it("GET /api/user counts this month's AI messages and the lab uploads inside the user's own tier window, and nobody else's", async () => {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { client, user } = await signedInClient(t);
  const other = await signedInClient(t);
  await t.database.db.update(users).set({ subscriptionTier: 'starter' }).where(eq(users.id, user.id));
  await t.database.db.insert(usageEvents).values([
    { userId: user.id, kind: 'ai_message', createdAt: monthStart },
    { userId: user.id, kind: 'ai_message', createdAt: now },
    { userId: user.id, kind: 'ai_message', createdAt: new Date(monthStart.getTime() - 1000) },
    { userId: user.id, kind: 'lab_upload', createdAt: monthsAgo(2) },
    { userId: user.id, kind: 'lab_upload', createdAt: monthsAgo(4) },
    { userId: other.user.id, kind: 'ai_message', createdAt: now },
    { userId: other.user.id, kind: 'lab_upload', createdAt: now },
  ]);

  const me = (await client.get('/api/user')).json().user;
  expect(me).toMatchObject({ subscriptionTier: 'starter', aiInteractionsCount: 2, labUploadsCount: 1 });

  // A free user's window is 12 months: the same two uploads both count.
  await t.database.db.update(users).set({ subscriptionTier: 'free' }).where(eq(users.id, user.id));
  expect((await client.get('/api/user')).json().user).toMatchObject({ aiInteractionsCount: 2, labUploadsCount: 2 });
  expect((await other.client.get('/api/user')).json().user).toMatchObject({ aiInteractionsCount: 1, labUploadsCount: 1 });
});
