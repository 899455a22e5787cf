import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '#contract/admin.ts';
import { labFiles, referenceSupplements, revenueEvents, sessions, subscriptions, supplementLogs, supplements, usageEvents, users } from '#server/db/schema/index.ts';
import { clientOnTier, uploadFile } from '#server/features/labs/labs.test-helpers.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { StoredFileMissingError } from '#server/storage/file-store.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { type TestApp, type TestClient, TestClient as Client, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';
import { adminClient, callers } from './admin.test-helpers.ts';
import { lastMonths, yearsUpTo } from './admin-users.service.ts';

let t: TestApp;
let anonymous: TestClient;
let user: Awaited<ReturnType<typeof signedInClient>>;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ anonymous, user, admin } = await callers(t));
});
afterAll(() => t.close());

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const supplementBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Testamine ${Math.random().toString(36).slice(2, 8)}`,
  category: 'Amino acid',
  alternativeNames: ['  Testo-A ', 'TA', ''],
  description: 'A supplement made up for tests.',
  source: 'NIH ODS',
  sourceUrl: 'https://ods.od.nih.gov/',
  ...overrides,
});

describe('access: every admin call is 404 to anonymous visitors and to users, and works for admins', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/supplements'],
    ['POST', '/api/admin/supplements', supplementBody()],
    ['PUT', `/api/admin/supplements/${ZERO_ID}`, supplementBody()],
    ['DELETE', `/api/admin/supplements/${ZERO_ID}`],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/growth'],
    ['PUT', `/api/admin/users/${ZERO_ID}`, { name: 'X', email: 'x@example.com', subscriptionTier: 'pro' }],
    ['DELETE', `/api/admin/users/${ZERO_ID}`],
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/audit-log'],
  ];

  it.each(calls)('%s %s', async (method, url, payload) => {
    for (const client of [anonymous, user.client]) {
      const response = await client.request({ method, url, payload: payload as never });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Not found' });
    }
    const response = await admin.client.request({ method, url, payload: payload as never });
    // As an admin the call runs: a list, a new row, or "not found" for the made-up id with its own message.
    expect(response.json().message ?? '').not.toBe('Not found');
    expect([200, 201, 404]).toContain(response.statusCode);
  });

  it('a user who loses the admin flag loses the admin calls on the next request', async () => {
    const other = await adminClient(t);
    expect((await other.client.get('/api/admin/users')).statusCode).toBe(200);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, other.user.id));
    expect((await other.client.get('/api/admin/users')).statusCode).toBe(404);
  });
});

describe('reference supplements', () => {
  it('adds a supplement with trimmed alternative names, which users then find in suggestions', async () => {
    const body = supplementBody({ name: '  Zyxoquinone Complex ' });
    const created = await admin.client.post('/api/admin/supplements', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      id: expect.any(String),
      name: 'Zyxoquinone Complex',
      category: 'Amino acid',
      alternativeNames: ['Testo-A', 'TA'],
      description: 'A supplement made up for tests.',
      source: 'NIH ODS',
      sourceUrl: 'https://ods.od.nih.gov/',
    });
    const suggestions = (await user.client.get('/api/supplements/search?q=zyxoq&limit=20')).json();
    expect(suggestions[0]).toEqual({ id: created.json().id, name: 'Zyxoquinone Complex', category: 'Amino acid' });
    const byAlternative = (await user.client.get('/api/supplements/search?q=testo-a')).json();
    expect(byAlternative.map((s: { id: string }) => s.id)).toContain(created.json().id);
  });

  it.each([
    [{ name: '' }, 'name', ADMIN_MESSAGES.nameRequired],
    [{ name: '   ' }, 'name', ADMIN_MESSAGES.nameRequired],
    [{ name: undefined }, 'name', ADMIN_MESSAGES.nameRequired],
    [{ category: '' }, 'category', ADMIN_MESSAGES.categoryRequired],
    [{ category: undefined }, 'category', ADMIN_MESSAGES.categoryRequired],
    [{ sourceUrl: 'not a url' }, 'sourceUrl', ADMIN_MESSAGES.sourceUrlInvalid],
    [{ sourceUrl: 'javascript:alert(1)' }, 'sourceUrl', ADMIN_MESSAGES.sourceUrlInvalid],
    [{ sourceUrl: 'ftp://example.com/x' }, 'sourceUrl', ADMIN_MESSAGES.sourceUrlInvalid],
    [{ alternativeNames: 'a, b' }, 'alternativeNames', 'Alternative names must be a list'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
  ])('refuses %j with a message on %s', async (override, field, message) => {
    const response = await admin.client.post('/api/admin/supplements', supplementBody(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('takes an empty source URL as none and refuses unknown fields', async () => {
    const response = await admin.client.post('/api/admin/supplements', supplementBody({ sourceUrl: '', source: '' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ sourceUrl: null, source: null });
    expect((await admin.client.post('/api/admin/supplements', { ...supplementBody(), nutrient: 'x' })).statusCode).toBe(400);
  });

  it('keeps names unique ignoring case, naming the field (409), on create and on edit', async () => {
    const first = (await admin.client.post('/api/admin/supplements', supplementBody({ name: 'Unique Compound Q' }))).json();
    const duplicate = await admin.client.post('/api/admin/supplements', supplementBody({ name: 'unique COMPOUND q' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'name', message: ADMIN_MESSAGES.nameTaken }] });
    // A seeded name counts too.
    expect((await admin.client.post('/api/admin/supplements', supplementBody({ name: 'vitamin d3 (cholecalciferol)' }))).statusCode).toBe(409);

    const second = (await admin.client.post('/api/admin/supplements', supplementBody({ name: 'Unique Compound R' }))).json();
    const rename = await admin.client.put(`/api/admin/supplements/${second.id}`, supplementBody({ name: 'UNIQUE compound q' }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json().details[0].field).toBe('name');
    // Its own name in another case is not a clash.
    const recase = await admin.client.put(`/api/admin/supplements/${first.id}`, supplementBody({ name: 'Unique compound Q' }));
    expect(recase.statusCode).toBe(200);
    expect(recase.json().name).toBe('Unique compound Q');
  });

  it("refuses an alternative name that is another supplement's own name, and drops its own name from the list", async () => {
    const clash = await admin.client.post('/api/admin/supplements', supplementBody({ alternativeNames: ['Creatine Monohydrate'] }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details[0]).toMatchObject({ field: 'alternativeNames', message: expect.stringContaining('Creatine Monohydrate') });
    const own = await admin.client.post('/api/admin/supplements', supplementBody({ name: 'Selfname', alternativeNames: ['selfname', 'Other name', 'other NAME'] }));
    expect(own.statusCode).toBe(201);
    expect(own.json().alternativeNames).toEqual(['Other name']);
  });

  it('edits a supplement, and its old names stop matching in suggestions', async () => {
    const created = (await admin.client.post('/api/admin/supplements', supplementBody({ name: 'Quorvexine', alternativeNames: ['QVX'] }))).json();
    const edited = await admin.client.put(`/api/admin/supplements/${created.id}`, supplementBody({ name: 'Plimbarol', category: 'Herb', alternativeNames: [] }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, name: 'Plimbarol', category: 'Herb', alternativeNames: [] });
    expect((await user.client.get('/api/supplements/search?q=quorvexine')).json()).toEqual([]);
    expect((await user.client.get('/api/supplements/search?q=plimbarol')).json()[0]).toMatchObject({ id: created.id, category: 'Herb' });
    expect((await admin.client.put(`/api/admin/supplements/${ZERO_ID}`, supplementBody())).json().message).toBe(ADMIN_MESSAGES.supplementNotFound);
  });

  it("deletes a supplement without breaking users' supplements and history that pointed to it", async () => {
    const created = (await admin.client.post('/api/admin/supplements', supplementBody({ name: 'Fennelorin' }))).json();
    const mine = await user.client.post('/api/supplements', { name: 'fennelorin', dosage: '100 mg', frequency: '1x daily', notes: null });
    expect(mine.json()).toMatchObject({ referenceSupplementId: created.id, category: 'Amino acid' });
    const logged = await user.client.post('/api/supplement-logs', { logs: [{ supplementId: mine.json().id, takenAt: new Date().toISOString() }] });
    expect(logged.statusCode, logged.body).toBe(200);

    const deleted = await admin.client.delete(`/api/admin/supplements/${created.id}`);
    expect(deleted.json()).toEqual({ ok: true, message: 'Supplement deleted successfully' });
    expect((await admin.client.delete(`/api/admin/supplements/${created.id}`)).json().message).toBe(ADMIN_MESSAGES.supplementNotFound);

    const stack = (await user.client.get('/api/supplements')).json();
    expect(stack.find((s: { id: string }) => s.id === mine.json().id)).toMatchObject({
      name: 'fennelorin',
      dosage: '100 mg',
      referenceSupplementId: null,
      category: null,
    });
    const [log] = await t.database.db.select().from(supplementLogs).where(eq(supplementLogs.supplementId, mine.json().id));
    expect(log).toMatchObject({ name: 'fennelorin', referenceSupplementId: null });
    expect((await user.client.get('/api/supplements/search?q=fennelorin')).json()).toEqual([]);
    // The user can still edit it.
    expect((await user.client.put(`/api/supplements/${mine.json().id}`, { name: 'fennelorin', dosage: '200 mg', frequency: '1x daily' })).statusCode).toBe(200);
  });

  it('lists a page, searched in name, category and alternative names, sorted either way', async () => {
    const all = (await admin.client.get('/api/admin/supplements?pageSize=5')).json();
    expect(all.supplements).toHaveLength(5);
    expect(all.pagination).toMatchObject({ page: 1, pageSize: 5 });
    expect(all.pagination.total).toBeGreaterThan(200);
    const names = all.supplements.map((s: { name: string }) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const desc = (await admin.client.get('/api/admin/supplements?sort=name&order=desc&pageSize=3')).json();
    expect(desc.supplements[0].name.toLowerCase() >= desc.supplements[1].name.toLowerCase()).toBe(true);
    const byCategory = (await admin.client.get('/api/admin/supplements?sort=category&pageSize=100')).json();
    const categories = byCategory.supplements.map((s: { category: string }) => s.category.toLowerCase());
    expect(categories).toEqual([...categories].sort());

    const found = (await admin.client.get('/api/admin/supplements?q=cholecalciferol')).json();
    expect(found.supplements.map((s: { name: string }) => s.name)).toContain('Vitamin D3 (Cholecalciferol)');
    const byAlt = (await admin.client.get(`/api/admin/supplements?q=${encodeURIComponent('nad precursor')}`)).json();
    expect(byAlt.pagination.total).toBe(2);
    const page2 = (await admin.client.get('/api/admin/supplements?pageSize=5&page=2')).json();
    expect(page2.supplements[0].id).not.toBe(all.supplements[0].id);
    expect((await admin.client.get('/api/admin/supplements?q=%25')).json().pagination.total).toBe(0);
    expect((await admin.client.get('/api/admin/supplements?sort=password')).statusCode).toBe(400);
  });
});

describe('users', () => {
  it('lists users with the spec columns, searched and paged', async () => {
    const someone = await signedInClient(t);
    await someone.client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' });
    await someone.client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' });
    const response = await admin.client.get(`/api/admin/users?q=${encodeURIComponent(someone.body.email.toUpperCase())}`);
    expect(response.statusCode).toBe(200);
    const { users: rows, pagination } = response.json();
    expect(pagination).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(rows[0]).toEqual({
      id: someone.user.id,
      username: someone.body.username,
      name: null,
      email: someone.body.email,
      subscriptionTier: 'free',
      subscription: null,
      createdAt: expect.any(String),
      totalSupplements: 2,
      lastActivity: expect.any(String),
      isAdmin: false,
    });
    expect(Date.now() - Date.parse(rows[0].lastActivity)).toBeLessThan(60_000);
    expect(JSON.stringify(rows[0])).not.toMatch(/password|token|google/i);

    const page = (await admin.client.get('/api/admin/users?pageSize=2&page=2')).json();
    expect(page.users).toHaveLength(2);
    expect(page.pagination.totalPages).toBeGreaterThanOrEqual(2);
    const me = (await admin.client.get(`/api/admin/users?q=${admin.body.username}`)).json().users[0];
    expect(me.isAdmin).toBe(true);
  });

  it('edits name, e-mail and tier; core and premium are read as starter and pro', async () => {
    const someone = await signedInClient(t);
    const put = (body: Record<string, unknown>) => admin.client.put(`/api/admin/users/${someone.user.id}`, body);
    const edited = await put({ name: '  Ada Lovelace ', email: 'ADA.new@Example.com', subscriptionTier: 'premium' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Ada Lovelace', email: 'ada.new@example.com', subscriptionTier: 'pro' });
    expect((await someone.client.get('/api/user')).json().user).toMatchObject({ subscriptionTier: 'pro', isPro: true, email: 'ada.new@example.com' });
    expect((await put({ name: 'Ada', email: 'ada.new@example.com', subscriptionTier: 'core' })).json().subscriptionTier).toBe('starter');
    expect((await put({ name: 'Ada', email: 'ada.new@example.com', subscriptionTier: 'free' })).json().subscriptionTier).toBe('free');
    // The user can still sign in with the new address.
    const again = new Client(t.app);
    expect((await again.post('/api/login', { email: 'ada.new@example.com', password: someone.body.password })).statusCode).toBe(200);
  });

  it("shows a paying user's subscription and refuses a tier change while it runs; the tier follows the provider", async () => {
    const payer = await signedInClient(t);
    const url = new URL((await payer.client.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly' })).json().url);
    const paid = await payer.client.request({ method: 'POST', url: `${url.pathname}/pay`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(paid.statusCode).toBe(303);

    const listed = (await admin.client.get(`/api/admin/users?q=${encodeURIComponent(payer.body.email)}`)).json().users[0];
    expect(listed.subscription).toMatchObject({ tier: 'starter', interval: 'monthly', cancelAtPeriodEnd: false, currentPeriodEnd: expect.any(String) });
    const put = (subscriptionTier: string) => admin.client.put(`/api/admin/users/${payer.user.id}`, { name: 'Payer', email: payer.body.email, subscriptionTier });
    for (const tier of ['pro', 'free']) {
      const refused = await put(tier);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toEqual([{ field: 'subscriptionTier', message: expect.stringContaining('pays for Starter (monthly) through a subscription') }]);
    }
    expect((await payer.client.get('/api/user')).json().user.subscriptionTier).toBe('starter');
    // Other details can still be edited.
    expect((await put('starter')).statusCode).toBe(200);

    // Once the subscription has ended, the tier is the admin's to set again.
    await t.database.db.update(subscriptions).set({ status: 'canceled', endedAt: new Date() }).where(eq(subscriptions.userId, payer.user.id));
    const granted = await put('pro');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ subscriptionTier: 'pro', subscription: null });
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ subscriptionTier: 'platinum' }, 'subscriptionTier', ADMIN_MESSAGES.tierInvalid],
    [{ subscriptionTier: undefined }, 'subscriptionTier', ADMIN_MESSAGES.tierInvalid],
  ])('refuses %j with a message on %s', async (override, field, message) => {
    const someone = await signedInClient(t);
    const response = await admin.client.put(`/api/admin/users/${someone.user.id}`, { name: 'Valid', email: someone.body.email, subscriptionTier: 'free', ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('changes the e-mail and tier of a user who never gave a name, without inventing one', async () => {
    const someone = await signedInClient(t);
    const newEmail = `renamed-${someone.body.email}`;
    const response = await admin.client.put(`/api/admin/users/${someone.user.id}`, { email: newEmail, subscriptionTier: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: null, email: newEmail, subscriptionTier: 'pro' });
    // An empty name field (the dialog's) is no name either; a given one is kept, and removed when emptied.
    expect((await admin.client.put(`/api/admin/users/${someone.user.id}`, { name: '', email: newEmail, subscriptionTier: 'free' })).json()).toMatchObject({ name: null, subscriptionTier: 'free' });
    expect((await admin.client.put(`/api/admin/users/${someone.user.id}`, { name: ' Ada ', email: newEmail, subscriptionTier: 'free' })).json().name).toBe('Ada');
    expect((await admin.client.put(`/api/admin/users/${someone.user.id}`, { email: newEmail, subscriptionTier: 'free' })).json().name).toBe('Ada');
    expect((await admin.client.put(`/api/admin/users/${someone.user.id}`, { name: '', email: newEmail, subscriptionTier: 'free' })).json().name).toBeNull();
  });

  it("refuses another account's e-mail (409 on email) and an unknown user (404)", async () => {
    const someone = await signedInClient(t);
    const response = await admin.client.put(`/api/admin/users/${someone.user.id}`, { name: 'X', email: user.body.email.toUpperCase(), subscriptionTier: 'free' });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([{ field: 'email', message: ADMIN_MESSAGES.emailTaken }]);
    const missing = await admin.client.put(`/api/admin/users/${ZERO_ID}`, { name: 'X', email: 'nobody@example.com', subscriptionTier: 'free' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.userNotFound);
  });

  it('admins grant and revoke admin rights, but never remove their own', async () => {
    const someone = await signedInClient(t);
    const base = { name: 'Helper', email: someone.body.email, subscriptionTier: 'free' };
    const granted = await admin.client.put(`/api/admin/users/${someone.user.id}`, { ...base, isAdmin: true });
    expect(granted.json().isAdmin).toBe(true);
    expect((await someone.client.get('/api/admin/users')).statusCode).toBe(200);
    expect((await admin.client.put(`/api/admin/users/${someone.user.id}`, { ...base, isAdmin: false })).json().isAdmin).toBe(false);
    expect((await someone.client.get('/api/admin/users')).statusCode).toBe(404);

    const own = await admin.client.put(`/api/admin/users/${admin.user.id}`, { name: 'Me', email: admin.body.email, subscriptionTier: 'pro', isAdmin: false });
    expect(own.statusCode).toBe(409);
    expect(own.json().details).toEqual([{ field: 'isAdmin', message: ADMIN_MESSAGES.ownAdminFlag }]);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(me!.isAdmin).toBe(true);
    // Editing oneself otherwise is fine.
    expect((await admin.client.put(`/api/admin/users/${admin.user.id}`, { name: 'Me', email: admin.body.email, subscriptionTier: 'free' })).statusCode).toBe(200);
  });

  it('never leaves the product without an admin', async () => {
    const solo = await createTestApp();
    try {
      const a = await adminClient(solo);
      const b = await adminClient(solo);
      const body = (who: typeof a) => ({ name: 'X', email: who.body.email, subscriptionTier: 'free', isAdmin: false });
      // Both revoke each other at once: one wins, the other is told the last admin stays.
      const [ab, ba] = await Promise.all([a.client.put(`/api/admin/users/${b.user.id}`, body(b)), b.client.put(`/api/admin/users/${a.user.id}`, body(a))]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 404]);
      const [{ count }] = (await solo.database.db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true))) as [{ count: number }];
      expect(count).toBe(1);
    } finally {
      await solo.close();
    }
  });

  it('admins cannot be deleted: "Cannot delete admin user"', async () => {
    const other = await adminClient(t);
    for (const target of [other.user.id, admin.user.id]) {
      const response = await admin.client.delete(`/api/admin/users/${target}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ADMIN_MESSAGES.cannotDeleteAdmin);
    }
    expect((await other.client.get('/api/user')).statusCode).toBe(200);
  });

  it("deletes a user with all their data and files; a session they have elsewhere ends at once", async () => {
    const victim = await clientOnTier(t, 'pro');
    // Signed in on a second device too.
    const phone = new Client(t.app);
    expect((await phone.post('/api/login', { email: victim.body.email, password: victim.body.password })).statusCode).toBe(200);
    await victim.client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' });
    const pdf = await makeTextPdf(panelLines());
    const upload = await uploadFile(victim.client, pdf, 'panel.pdf');
    expect(upload.statusCode, upload.body).toBe(201);
    const files = await t.database.db.select().from(labFiles).where(eq(labFiles.userId, victim.user.id));
    const store = createFileStore(t.config.storage);
    expect((await store.get(files[0]!.storageKey)).byteLength).toBeGreaterThan(0);

    const response = await admin.client.delete(`/api/admin/users/${victim.user.id}`);
    expect(response.json()).toEqual({ ok: true, message: ADMIN_MESSAGES.userDeleted });

    for (const client of [victim.client, phone]) {
      const me = await client.get('/api/user');
      expect(me.statusCode).toBe(401);
      expect((await client.get('/api/supplements')).statusCode).toBe(401);
    }
    await expect(store.get(files[0]!.storageKey)).rejects.toBeInstanceOf(StoredFileMissingError);
    const db = t.database.db;
    for (const table of [supplements, labFiles, sessions, usageEvents]) {
      expect(await db.select().from(table).where(eq(table.userId, victim.user.id))).toEqual([]);
    }
    expect(await db.select().from(users).where(eq(users.id, victim.user.id))).toEqual([]);
    expect((await new Client(t.app).post('/api/login', { email: victim.body.email, password: victim.body.password })).statusCode).toBe(401);
    expect((await admin.client.delete(`/api/admin/users/${victim.user.id}`)).json().message).toBe(ADMIN_MESSAGES.userNotFound);

    const audit = (await admin.client.get('/api/admin/audit-log?limit=20')).json().entries;
    // Who did it stays; who was deleted is erased with them, as when users delete their own account.
    expect(audit).toContainEqual(expect.objectContaining({ action: 'admin.user.deleted', actorId: admin.user.id, targetType: 'user', targetId: null }));
    expect(JSON.stringify(audit)).not.toContain(victim.user.id);
  });

  it("cancels the user's subscription with the provider, and deletes nothing when it cannot", async () => {
    const payer = await signedInClient(t);
    const subscription = (id: string, provider: 'local' | 'stripe') => ({
      id,
      provider,
      userId: payer.user.id,
      customerId: 'cus_test',
      priceId: 'local_pro_monthly',
      tier: 'pro' as const,
      interval: 'monthly' as const,
      status: 'active',
    });
    // A Stripe subscription cannot be cancelled by this app, which runs the local provider.
    await t.database.db.insert(subscriptions).values(subscription(`sub_stripe_${payer.user.id}`, 'stripe'));
    const refused = await admin.client.delete(`/api/admin/users/${payer.user.id}`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.billingFailed);
    expect((await payer.client.get('/api/user')).statusCode).toBe(200);

    await t.database.db.delete(subscriptions).where(eq(subscriptions.userId, payer.user.id));
    await t.database.db.insert(subscriptions).values(subscription(`sub_local_${payer.user.id}`, 'local'));
    const deleted = await admin.client.delete(`/api/admin/users/${payer.user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, `sub_local_${payer.user.id}`))).toEqual([]);
    const audit = (await admin.client.get('/api/admin/audit-log?limit=5')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'admin.user.deleted', actorId: admin.user.id });
  });
});

describe('growth and dashboard', () => {
  it('answers totals, active users, 12 months with the current month last, and every year', async () => {
    const response = await admin.client.get('/api/admin/users/growth');
    expect(response.statusCode).toBe(200);
    const growth = response.json();
    const [{ total }] = (await t.database.db.select({ total: sql<number>`count(*)::int` }).from(users)) as [{ total: number }];
    expect(growth.totalUsers).toBe(total);
    expect(growth.activeUsers).toBeGreaterThan(0);
    expect(growth.activeUsers).toBeLessThanOrEqual(total);
    expect(growth.monthly).toHaveLength(12);
    const now = new Date();
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(growth.monthly.at(-1)).toEqual({ month: thisMonth, count: total });
    expect(growth.yearly.at(-1)).toEqual({ year: now.getUTCFullYear(), count: total });
  });

  it('counts a user active by a recent sign-in even after the session ended, and not after 30 quiet days', async () => {
    const quiet = await signedInClient(t);
    await quiet.client.post('/api/logout');
    const before = (await admin.client.get('/api/admin/users/growth')).json().activeUsers;
    // Move their whole history 31 days back.
    const old = new Date(Date.now() - 31 * 86_400_000);
    await t.database.db.execute(sql`update audit_log set created_at = ${old.toISOString()} where actor_id = ${quiet.user.id}`);
    await t.database.db.update(users).set({ lastActiveAt: old, createdAt: old }).where(eq(users.id, quiet.user.id));
    expect((await admin.client.get('/api/admin/users/growth')).json().activeUsers).toBe(before - 1);
  });

  it('fills month and year gaps with zeros', () => {
    expect(lastMonths(new Date('2025-02-15T00:00:00Z'), 3)).toEqual(['2024-12', '2025-01', '2025-02']);
    expect(yearsUpTo(new Date('2025-06-01T00:00:00Z'), new Map([[2022, 3], [2025, 1]]))).toEqual([
      { year: 2022, count: 3 },
      { year: 2023, count: 0 },
      { year: 2024, count: 0 },
      { year: 2025, count: 1 },
    ]);
    expect(yearsUpTo(new Date('2025-06-01T00:00:00Z'), new Map())).toEqual([{ year: 2025, count: 0 }]);
  });

  it('shows users, sign-ups, uploads, AI usage and revenue by tier from revenue_events', async () => {
    const solo = await createTestApp();
    try {
      const boss = await adminClient(solo);
      const payer = await clientOnTier(solo, 'pro');
      await uploadFile(payer.client, await makeTextPdf(panelLines()), 'panel.pdf');
      const db = solo.database.db;
      await db.insert(usageEvents).values([{ userId: payer.user.id, kind: 'ai_message' }, { userId: payer.user.id, kind: 'ai_message' }]);
      const day = 86_400_000;
      await db.insert(revenueEvents).values([
        { provider: 'local', reference: 'r1', kind: 'payment', userId: payer.user.id, tier: 'pro', interval: 'monthly', amountCents: 4999, currency: 'USD', occurredAt: new Date() },
        { provider: 'local', reference: 'r2', kind: 'payment', userId: payer.user.id, tier: 'pro', interval: 'monthly', amountCents: 4999, currency: 'USD', occurredAt: new Date(Date.now() - 40 * day) },
        { provider: 'local', reference: 'r3', kind: 'payment', userId: null, tier: 'starter', interval: 'yearly', amountCents: 18471, currency: 'USD', occurredAt: new Date(Date.now() - 2 * day) },
        { provider: 'local', reference: 'r4', kind: 'payment_failed', userId: payer.user.id, tier: 'pro', interval: 'monthly', amountCents: 4999, currency: 'USD', occurredAt: new Date() },
      ]);
      const response = await boss.client.get('/api/admin/dashboard');
      expect(response.statusCode).toBe(200);
      const dashboard = response.json();
      expect(dashboard.users).toEqual({ total: 2, active: 2, admins: 1, byTier: { free: 1, starter: 0, pro: 1 } });
      expect(dashboard.signupsByMonth).toHaveLength(12);
      expect(dashboard.signupsByMonth.at(-1).count).toBe(2);
      expect(dashboard.uploads).toEqual({ last30Days: 1, thisMonth: 1, storedFiles: 1 });
      expect(dashboard.aiUsage).toEqual({ last30Days: 2, thisMonth: 2 });
      expect(dashboard.revenue.last30Days).toEqual([
        { tier: 'pro', currency: 'USD', amountCents: 4999, payments: 1 },
        { tier: 'starter', currency: 'USD', amountCents: 18471, payments: 1 },
      ]);
      expect(dashboard.revenue.allTime).toContainEqual({ tier: 'pro', currency: 'USD', amountCents: 9998, payments: 2 });
      expect(dashboard.revenue.failedPaymentsLast30Days).toBe(1);
    } finally {
      await solo.close();
    }
  });
});

describe('audit', () => {
  it('records who did which admin action and when', async () => {
    const created = (await admin.client.post('/api/admin/supplements', supplementBody())).json();
    await admin.client.delete(`/api/admin/supplements/${created.id}`);
    const entries = (await admin.client.get('/api/admin/audit-log?limit=10')).json().entries;
    const mine = entries.filter((e: { targetId: string }) => e.targetId === created.id);
    expect(mine.map((e: { action: string }) => e.action).sort()).toEqual(['admin.supplement.created', 'admin.supplement.deleted']);
    for (const entry of mine) {
      expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'reference_supplement', createdAt: expect.any(String) });
    }
    expect(await t.database.db.select().from(referenceSupplements).where(eq(referenceSupplements.id, created.id))).toEqual([]);
  });
});

describe('an administrator changing an address, with e-mail verification on', () => {
  let v: TestApp;
  beforeAll(async () => {
    v = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(() => v.close());

  /** Signs up and opens the link, as a person does. */
  async function verifiedUser() {
    const client = new Client(v.app);
    const body = newUserBody();
    await client.post('/api/register', body);
    const link = (to: string) => /verify-email\?token=([\w-]+)/.exec(v.outbox.messages.findLast((m) => m.to === to)!.text)![1]!;
    const { user } = (await client.post('/api/auth/verify-email', { token: link(body.email) })).json() as { user: { id: string; emailVerified: boolean } };
    expect(user.emailVerified).toBe(true);
    return { client, body, id: user.id, link };
  }

  it('leaves the new address unverified until its owner opens the link sent to it', async () => {
    const admin = await verifiedUser();
    await v.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const someone = await verifiedUser();
    const next = newUserBody().email;

    const edited = await admin.client.put(`/api/admin/users/${someone.id}`, { name: 'Ada', email: next, subscriptionTier: 'free' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(v.outbox.messages.findLast((m) => m.to === next)?.subject).toBe('Confirm your StackLab e-mail address');
    const notice = v.outbox.messages.findLast((m) => m.to === someone.body.email)!;
    expect(notice.subject).toBe('Your StackLab e-mail address was changed');
    expect(notice.text).toContain('A StackLab administrator changed the e-mail address of your account');
    const early = await new Client(v.app).post('/api/login', { email: next, password: someone.body.password });
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    // Saving the same address again sends nothing more.
    const count = v.outbox.messages.length;
    expect((await admin.client.put(`/api/admin/users/${someone.id}`, { name: 'Ada L.', email: next, subscriptionTier: 'free' })).statusCode).toBe(200);
    expect(v.outbox.messages.length).toBe(count);

    expect((await new Client(v.app).post('/api/auth/verify-email', { token: someone.link(next) })).statusCode).toBe(200);
    expect((await new Client(v.app).post('/api/login', { email: next, password: someone.body.password })).statusCode).toBe(200);
  });
});
