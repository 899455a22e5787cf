import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataSchema } from '#contract/data-ownership.ts';
import { shareLinks, shareViews } from '#server/db/schema/index.ts';
import { type SeededUser, seedLimitUser, seedUser } from '#server/features/data-ownership/data-ownership.test-helpers.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
let ada: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await seedUser(t, { withFile: true });
});
afterAll(() => t.close());

async function createLink(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/api/shares', body);
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json();
  const token = new URL(answer.url).pathname.split('/').pop()!;
  return { ...answer, token } as { link: { id: string; parts: string[]; expiresAt: string; status: string }; url: string; token: string };
}

/** A clinician's browser: no cookie of ours. */
const clinician = () => new TestClient(t.app);

describe('creating share links', () => {
  it('gives a long random link once, keeps only its hash, and lists it with its expiry', async () => {
    const before = Date.now();
    const { link, url, token } = await createLink(ada.client, { parts: ['stack', 'labs'], expiresInHours: 48, label: 'Dr. Rivera' });
    expect(url).toBe(`${t.config.publicUrl}/share/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ parts: ['labs', 'stack'], status: 'active', label: 'Dr. Rivera', openCount: 0 });
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(48 * 3600_000 - 5000);
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = (await ada.client.get('/api/shares')).json().links;
    expect(list.find((l: { id: string }) => l.id === link.id)).toMatchObject({ label: 'Dr. Rivera', status: 'active' });
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it.each([
    [{ parts: [], expiresInHours: 48 }, 'Choose at least one part to share'],
    [{ parts: ['labs', 'labs'], expiresInHours: 48 }, 'Each part can be chosen once'],
    [{ parts: ['everything'], expiresInHours: 48 }, 'Parts are labs, stack, logs, stats'],
    [{ parts: ['labs'], expiresInHours: 23 }, 'A link lasts from 24 hours to 30 days'],
    [{ parts: ['labs'], expiresInHours: 721 }, 'A link lasts from 24 hours to 30 days'],
    [{ parts: ['labs'] }, 'A link lasts from 24 hours to 30 days'],
    [{ parts: ['labs'], expiresInHours: 48, userId: 'someone-else' }, undefined],
  ])('refuses %j', async (body, message) => {
    const response = await ada.client.post('/api/shares', body);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it('needs a session for the list, creating and revoking', async () => {
    const visitor = clinician();
    expect((await visitor.get('/api/shares')).statusCode).toBe(401);
    expect((await visitor.post('/api/shares', { parts: ['labs'], expiresInHours: 48 })).statusCode).toBe(401);
    expect((await visitor.delete('/api/shares/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});

describe('opening a share link', () => {
  it('answers without sign-in with whose data it is, until when, and only the parts it names', async () => {
    const { token, link } = await createLink(ada.client, { parts: ['labs'], expiresInHours: 24 });
    const response = await clinician().get(`/api/share/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = sharedDataSchema.parse(response.json());
    expect(data.owner.displayName).toBe(ada.name);
    expect(data.expiresAt).toBe(link.expiresAt);
    expect(Object.keys(response.json()).sort()).toEqual(['expiresAt', 'generatedAt', 'labs', 'owner', 'parts']);
    expect(data.labs!.biomarkers.map((b) => b.name).sort()).toEqual(['25-OH vitamin D', 'Fasting glucose', 'Hemoglobin']);
    expect(data.labs!.biomarkers.find((b) => b.name === '25-OH vitamin D')).toMatchObject({
      points: [{ value: 22, flag: 'low' }, { value: 41, flag: 'normal' }],
      latest: { value: 41, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, flag: 'normal' },
    });
    // Nothing from the other parts, nor the account: no e-mail, no supplement, no weight, no notes.
    for (const secret of [ada.user.email, 'Vitamin D3', 'Penicillin', '150.5', 'slept well', ada.user.id, 'My panel']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('shows a value printed as a limit with its sign, in the series and the latest result', async () => {
    const { client } = await seedLimitUser(t);
    const { token } = await createLink(client, { parts: ['labs'], expiresInHours: 24 });
    const data = sharedDataSchema.parse((await clinician().get(`/api/share/${token}`)).json());
    const byName = (name: string) => data.labs!.biomarkers.find((b) => b.name === name)!;
    expect(byName('Vitamin B12')).toMatchObject({
      points: [{ value: 2000, comparator: '>', flag: 'high' }],
      latest: { value: 2000, comparator: '>', unit: 'pg/mL', flag: 'high' },
    });
    // The limit and an exact 0.5 the same day: two results, told apart by the sign.
    expect(byName('CRP').points).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 0.5, comparator: '<', flag: null }), expect.objectContaining({ value: 0.5, comparator: null, flag: 'normal' })]),
    );
  });

  it('shows each named part, and the logs are intake and ratings only (no saved chats or notes)', async () => {
    await ada.client.post('/api/chat/save', { content: JSON.stringify([{ role: 'user', content: 'private question about my mood' }]), type: 'chat', tags: ['ai_conversation'] });
    const { token } = await createLink(ada.client, { parts: ['stack', 'logs', 'stats'], expiresInHours: 720 });
    const response = await clinician().get(`/api/share/${token}`);
    const data = sharedDataSchema.parse(response.json());
    expect(data.labs).toBeUndefined();
    expect(data.stack!.supplements).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily', notes: 'with breakfast' })]),
    );
    expect(data.logs!.adherence).toEqual([
      expect.objectContaining({ name: 'Magnesium', daysTaken: 5 }),
      expect.objectContaining({ name: 'Vitamin D3', daysTaken: 10 }),
    ]);
    expect(data.logs!.effects.map((e) => e.note)).toEqual(['slept well', '=1+1 not a formula']);
    expect(data.stats).toMatchObject({ weight: 150.5, height: 66, dateOfBirth: '1985-04-02', allergies: 'Penicillin' });
    expect(response.body).not.toContain('private question');
    expect(response.body).not.toContain('mixed'); // ethnicity is not shared
    expect(response.body).not.toContain('ng/mL'); // no lab values
    expect(response.body).not.toContain('Hemoglobin');
  });

  it('logs every opening (time only) and shows the openings in the owner\'s list', async () => {
    const { token, link } = await createLink(ada.client, { parts: ['stats'], expiresInHours: 48 });
    await clinician().get(`/api/share/${token}`);
    await clinician().get(`/api/share/${token}`);
    const [listed] = (await ada.client.get('/api/shares')).json().links.filter((l: { id: string }) => l.id === link.id);
    expect(listed.openCount).toBe(2);
    expect(listed.openings).toHaveLength(2);
    expect(Date.now() - Date.parse(listed.openings[0])).toBeLessThan(60_000);
    const views = await t.database.db.select().from(shareViews).where(eq(shareViews.shareLinkId, link.id));
    expect(Object.keys(views[0]!).sort()).toEqual(['createdAt', 'id', 'shareLinkId', 'userId']);
  });

  it('answers 404 once revoked, at once, and once expired; a made-up token too', async () => {
    const revoked = await createLink(ada.client, { parts: ['stack'], expiresInHours: 48 });
    expect((await clinician().get(`/api/share/${revoked.token}`)).statusCode).toBe(200);
    const revoke = await ada.client.delete(`/api/shares/${revoked.link.id}`);
    expect(revoke.json()).toEqual({ ok: true, message: 'Share link revoked. It no longer opens.' });
    const gone = await clinician().get(`/api/share/${revoked.token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This link has expired or was revoked');
    expect((await ada.client.get('/api/shares')).json().links.find((l: { id: string }) => l.id === revoked.link.id).status).toBe('revoked');

    const expired = await createLink(ada.client, { parts: ['stack'], expiresInHours: 24 });
    await t.database.db.update(shareLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shareLinks.id, expired.link.id));
    expect((await clinician().get(`/api/share/${expired.token}`)).statusCode).toBe(404);
    expect((await ada.client.get('/api/shares')).json().links.find((l: { id: string }) => l.id === expired.link.id).status).toBe('expired');

    for (const token of ['x', 'A'.repeat(43), `${revoked.token.slice(0, -1)}Z`]) {
      expect((await clinician().get(`/api/share/${token}`)).statusCode).toBe(404);
    }
  });

  it("cannot be revoked, listed or seen by another user (404), and another user's revoke changes nothing", async () => {
    const { token, link } = await createLink(ada.client, { parts: ['labs'], expiresInHours: 48 });
    const mallory = await signedInClient(t);
    expect((await mallory.client.delete(`/api/shares/${link.id}`)).statusCode).toBe(404);
    expect((await mallory.client.get('/api/shares')).json().links).toEqual([]);
    expect((await clinician().get(`/api/share/${token}`)).statusCode).toBe(200);
    expect((await ada.client.delete('/api/shares/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('reaches nothing else and writes nothing: no other method, no session from the token, no other call', async () => {
    const { token } = await createLink(ada.client, { parts: ['labs', 'stack', 'logs', 'stats'], expiresInHours: 48 });
    const holder = clinician();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await holder.request({ method, url: `/api/share/${token}`, payload: { parts: ['labs'] } });
      expect(response.statusCode, method).toBe(404);
    }
    // The token is no session: used as one, every signed-in call refuses it.
    const impostor = new TestClient(t.app);
    impostor.setCookie('stacklab_session', token);
    for (const url of ['/api/user', '/api/export/json', '/api/supplements', '/api/labs', '/api/shares', '/api/health-stats']) {
      expect((await impostor.get(url)).statusCode, url).toBe(401);
    }
    expect((await impostor.post('/api/supplements', { name: 'Injected', dosage: '50 mg', frequency: '1x daily' })).statusCode).toBe(401);
    expect((await impostor.request({ method: 'DELETE', url: '/api/account', payload: {} })).statusCode).toBe(401);
    // Nor does it work as a query parameter or header on other calls.
    expect((await holder.get(`/api/export/json?token=${token}`)).statusCode).toBe(401);
    expect((await holder.get('/api/labs', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await ada.client.get('/api/supplements')).json().map((s: { name: string }) => s.name)).not.toContain('Injected');
  });

  it('never writes the token to the log', async () => {
    const { token } = await createLink(ada.client, { parts: ['labs'], expiresInHours: 48 });
    await clinician().get(`/api/share/${token}`);
    await clinician().get(`/share/${token}`);
    expect(t.logs.join('\n')).not.toContain(token);
    expect(t.logs.join('\n')).toContain('/api/share/[token]');
  });
});
