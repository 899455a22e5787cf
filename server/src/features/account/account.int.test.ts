import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import type { Db } from '#server/db/client.ts';
import { assistantQueries, auditLog, sessions, subscriptions, users } from '#server/db/schema/index.ts';
import { FakeStripe, PRICES } from '#server/features/billing/stripe-fake.ts';
import { type SeededUser, seedUser } from '#server/features/data-ownership/data-ownership.test-helpers.ts';
import { uploadFile } from '#server/features/labs/labs.test-helpers.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { type FakeS3, startFakeS3 } from '#server/storage/fake-s3.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function deleteAccount(client: TestClient, body: Record<string, unknown> = {}) {
  return client.request({ method: 'DELETE', url: '/api/account', payload: body });
}

/** Every base table of every schema but PostgreSQL's own, as the database itself lists them. */
async function allTables(db: Db): Promise<{ schema: string; table: string }[]> {
  const result = (await db.execute(sql`
    select table_schema as schema, table_name as "table" from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
    order by 1, 2`)) as unknown as { rows: { schema: string; table: string }[] };
  return result.rows;
}

/** Rows of any table whose text (every column, as JSON) contains one of the needles, ignoring case. */
async function rowsMentioning(db: Db, needles: string[]): Promise<{ table: string; row: string }[]> {
  const found: { table: string; row: string }[] = [];
  for (const { schema, table } of await allTables(db)) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as row from "${schema}"."${table}" t`))) as unknown as { rows: { row: string }[] };
    for (const { row } of result.rows) {
      const text = row.toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push({ table: `${schema}.${table}`, row });
    }
  }
  return found;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.map((entry) => path.join(entry.parentPath, entry.name));
}

/** Pays for Pro on the local provider's test page, as a signed-in user does. */
async function subscribeLocally(client: TestClient) {
  const url = (await client.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly', customerEmail: null })).json().url as string;
  const paid = await client.request({ method: 'POST', url: `${new URL(url).pathname}/pay`, payload: '', headers: FORM });
  expect(paid.statusCode).toBe(303);
  expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('pro');
}

describe('DELETE /api/account (local files, local payment provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leaves nothing of the user in any table or in the file store, cancels the subscription, and signing in fails', async () => {
    const keep = await seedUser(t, { withFile: true, name: 'Bystander Person' });
    const ada: SeededUser = await seedUser(t, { withFile: true, name: 'Adaline Quillfeather' });
    const { client, user, body } = ada;
    const phone = '+15550199999';
    await t.database.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id));
    await subscribeLocally(client);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // Everything else a person leaves behind: a second lab file, a saved chat, an assistant answer,
    // a contact message, a share link opened by a clinician, a failed sign-in, a second session.
    expect((await uploadFile(client, await makeTextPdf(panelLines()), 'second.pdf')).statusCode).toBe(201);
    expect((await client.post('/api/chat/save', { content: JSON.stringify([{ role: 'user', content: 'hello' }]), type: 'chat', tags: ['ai_conversation'] })).statusCode).toBeLessThan(300);
    await t.database.db.insert(assistantQueries).values({ userId: user.id, question: 'How is my vitamin D?', answer: 'Up from 22 to 41 ng/mL.' });
    expect((await client.post('/api/contact', { name: ada.name, email: user.email, message: 'Please help with my account' })).statusCode).toBe(200);
    const share = (await client.post('/api/shares', { parts: ['labs', 'stats'], expiresInHours: 48 })).json();
    const shareToken = new URL(share.url).pathname.split('/').pop()!;
    expect((await new TestClient(t.app).get(`/api/share/${shareToken}`)).statusCode).toBe(200);
    await new TestClient(t.app, client.ip).post('/api/login', { email: user.username, password: 'not the password' });
    const otherDevice = new TestClient(t.app);
    expect((await otherDevice.post('/api/login', { email: user.email, password: body.password })).statusCode).toBe(200);

    const storedBefore = await filesUnder(t.config.storage.kind === 'local' ? t.config.storage.dir : '');
    expect(storedBefore.filter((file) => file.includes(user.id)).length).toBeGreaterThanOrEqual(2);
    const sessionHashes = [client.sessionCookie!, otherDevice.sessionCookie!].map(hashToken);
    const needles = [user.id, user.email, user.username, ada.name, phone, `"${client.ip}"`, hashToken(shareToken), ...sessionHashes, subscription!.id, subscription!.customerId];
    expect((await rowsMentioning(t.database.db, needles)).length).toBeGreaterThan(10);

    const response = await deleteAccount(client, { password: body.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: 'Your account and all your data have been deleted.' });
    expect(response.cookies.find((c) => c.name === 'stacklab_session')?.value).toBe('');

    // Every table in the database, listed by the database itself: nothing that names them.
    const tables = await allTables(t.database.db);
    expect(tables.map((x) => x.table)).toEqual(expect.arrayContaining(['users', 'share_links', 'share_views', 'audit_log', 'lab_files', 'subscriptions', 'rate_limits']));
    expect(await rowsMentioning(t.database.db, needles)).toEqual([]);
    // The file store: no file and no folder of theirs; the bystander's are still there.
    const storedAfter = await filesUnder(t.config.storage.kind === 'local' ? t.config.storage.dir : '');
    expect(storedAfter.filter((file) => file.includes(user.id))).toEqual([]);
    expect(storedAfter.some((file) => file.includes(keep.user.id))).toBe(true);

    // The audit log kept an anonymous record that an account was deleted, and the other entries lost their person.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'data.account_deleted'));
    expect(entry).toMatchObject({ actorId: null, targetId: null, ipAddress: null, details: { filesRemoved: 2, subscriptionsCancelled: 1 } });

    // Sessions, share links and sign-in are gone.
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(401);
    expect((await new TestClient(t.app).get(`/api/share/${shareToken}`)).statusCode).toBe(404);
    const again = await new TestClient(t.app).post('/api/login', { email: user.email, password: body.password });
    expect(again.statusCode).toBe(401);
    // The bystander lost nothing.
    expect((await keep.client.get('/api/export/json')).json().labResults).toHaveLength(4);
  });

  it("deletes the account's mail from the local outbox, and only theirs", async () => {
    const ada = await signedInClient(t);
    const bystander = await signedInClient(t);
    for (const { user } of [ada, bystander]) {
      expect((await new TestClient(t.app).post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    const outboxFiles = () => filesUnder(t.config.mail.outboxDir).then((files) => files.filter((file) => file.endsWith('.eml')));
    const mailTo = (email: string) => t.outbox.messages.filter((message) => message.to === email);
    expect(mailTo(ada.user.email)).toHaveLength(1);
    const before = await outboxFiles();

    expect((await deleteAccount(ada.client, { password: ada.body.password })).statusCode).toBe(200);
    expect(mailTo(ada.user.email)).toEqual([]);
    expect(mailTo(bystander.user.email)).toHaveLength(1);
    // On disk too: one file fewer, and none of the others is addressed to them.
    const after = await outboxFiles();
    expect(after).toHaveLength(before.length - 1);
    for (const file of after) expect(await readFile(file, 'utf8')).not.toContain(`To: ${ada.user.email}`);
  });

  it('needs the password; a wrong one deletes nothing and tries are limited', async () => {
    const { client, user } = await signedInClient(t);
    const missing = await deleteAccount(client);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'password', message: 'Enter your password to delete your account' }]);
    const wrong = await deleteAccount(client, { password: 'wrong password!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'password', message: 'The password is not correct' }]);
    for (let i = 0; i < 4; i += 1) await deleteAccount(client, { password: 'wrong password!' });
    expect((await deleteAccount(client, { password: 'wrong password!' })).statusCode).toBe(429);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await deleteAccount(client, { password: 'x', extra: true })).statusCode).toBe(400);
    expect((await deleteAccount(new TestClient(t.app), { password: 'x' })).statusCode).toBe(401);
    const forged = await client.request({ method: 'DELETE', url: '/api/account', payload: { password: 'x' }, headers: { origin: 'https://evil.example' } });
    expect(forged.statusCode).toBe(403);
  });

  it('asks an account without a password (Google only) for a Google sign-in less than 10 minutes old', async () => {
    const { client, user } = await signedInClient(t);
    await t.database.db.update(users).set({ passwordHash: null, googleSubject: `google-${user.id}` }).where(eq(users.id, user.id));
    await t.database.db.update(sessions).set({ reauthenticatedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.userId, user.id));
    const stale = await deleteAccount(client);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED', message: AUTH_MESSAGES.reauthRequired });
    // A password sent anyway proves nothing for an account that has none.
    expect((await deleteAccount(client, { password: 'a guess at one' })).statusCode).toBe(403);
    await t.database.db.update(sessions).set({ reauthenticatedAt: new Date(Date.now() - 2 * 60_000) }).where(eq(sessions.userId, user.id));
    // No body at all: there is no password to send.
    expect((await client.request({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });

  it('refuses to delete the only administrator', async () => {
    const { client, user, body } = await signedInClient(t);
    await t.database.db.update(users).set({ isAdmin: false });
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const response = await deleteAccount(client, { password: body.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You are the only administrator. Make someone else an administrator before deleting your account.');
  });
});

describe('DELETE /api/account with Stripe and S3', () => {
  const stripe = new FakeStripe();
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    await stripe.start();
    s3 = await startFakeS3();
    t = await createTestApp({
      ...stripe.env(),
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await stripe.stop();
  });

  async function subscribeWithStripe(client: TestClient) {
    const response = await client.post('/api/stripe/create-checkout-session', { priceId: PRICES['pro-monthly'] });
    const sessionId = response.json().url.split('/').pop() as string;
    const subscription = stripe.pay(sessionId);
    const delivery = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: delivery.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    });
    expect(webhook.statusCode).toBe(200);
    expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('pro');
    return subscription;
  }

  it('keeps everything when Stripe cannot cancel, then cancels at Stripe and empties the bucket', async () => {
    const { client, user, body } = await signedInClient(t);
    const subscription = await subscribeWithStripe(client);
    expect((await uploadFile(client, await makeTextPdf(panelLines()), 'panel.pdf')).statusCode).toBe(201);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(user.id))).toHaveLength(1);

    stripe.failing = true;
    const down = await deleteAccount(client, { password: body.password });
    stripe.failing = false;
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.');
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(user.id))).toHaveLength(1);

    const response = await deleteAccount(client, { password: body.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(stripe.requests.some((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect([...s3.objects.keys()].filter((key) => key.startsWith(user.id))).toEqual([]);
    expect(await rowsMentioning(t.database.db, [user.id, user.email, user.username, subscription.id])).toEqual([]);
  });
});
