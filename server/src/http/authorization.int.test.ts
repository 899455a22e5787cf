import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, today } from '#server/features/export/data-ownership.test-helpers.ts';
import { createLabsWorker } from '#server/features/labs/labs.jobs.ts';
import { fakeExtractor, multipart, silentLog } from '#server/features/labs/labs.test-helpers.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';
import { AUTHORIZATION_MATRIX, type Caller, type RouteCase, type Seed } from './authorization-matrix.ts';

const conversation = JSON.stringify([
  { role: 'user', content: 'Is my iron fine?' },
  { role: 'assistant', content: 'Ferritin was 80 ng/mL.' },
]);
const CALLERS: Caller[] = ['anonymous', 'other', 'admin', 'owner'];

let t: TestApp;
let seed: Seed;
const clients = {} as Record<Caller, TestClient>;
const credentials = {} as Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }>;

async function ok<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`seeding failed (${answer.statusCode}): ${answer.body}`);
  return answer.json() as T;
}

async function signUp(password: string) {
  const client = new TestClient(t.app);
  const body = newUserBody({ password });
  const user = await ok<{ user: { id: string } }>(client.post('/api/register', body));
  return { client, body, user: user.user };
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await seedUser(t, { withFile: true });
  // The uploaded report is read (by a stand-in extractor) so that it waits for review, as users see it.
  await createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract: fakeExtractor }).drain();
  // Passwords of their own, so that the owner's password proves nothing for them.
  const other = await signUp('other person password');
  const admin = await signUp('admin person password');
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  const loginUser = await signedInClient(t);
  const victim = await signedInClient(t);
  Object.assign(clients, { anonymous: new TestClient(t.app), other: other.client, owner: owner.client, admin: admin.client });
  const login = ({ email, password }: { email: string; password: string }) => ({ email, password });
  Object.assign(credentials, { other: login(other.body), owner: login(owner.body), admin: login(admin.body) });

  const spare = new TestClient(t.app);
  await ok(spare.post('/api/login', { email: owner.body.email, password: owner.body.password }));
  const spareSessions = await ok<{ sessions: { id: string; current: boolean }[] }>(spare.get('/api/sessions'));

  const [manual] = await ok<{ id: string }[]>(owner.client.get('/api/labs/results/manual'));
  const share = await ok<{ link: { id: string }; url: string }>(owner.client.post('/api/shares', { parts: ['labs', 'stack', 'logs', 'stats'], expiresInHours: 48 }), 201);
  await ok(owner.client.post('/api/chat/save', { content: conversation, type: 'chat' }));
  const plans = await ok<{ priceIds: Record<string, string> }>(owner.client.get('/api/plans'));
  const priceId = Object.values(plans.priceIds)[0]!;
  const checkout = await ok<{ url: string }>(owner.client.post('/api/stripe/create-checkout-session', { priceId }));
  const blog = await ok<{ posts: { slug: string }[] }>(owner.client.get('/api/blog'));

  const draft = await ok<{ id: string }>(
    admin.client.post('/api/admin/blog', { section: 'learn', title: 'Matrix draft', excerpt: 'A draft.', contentMarkdown: 'Draft text.' }),
    201,
  );
  const thumbnailPng = new Uint8Array(await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0f766e' } }).png().toBuffer());
  const upload = multipart(thumbnailPng, 'thumb.png', { contentType: 'image/png' });
  const withThumbnail = await ok<{ thumbnailUrl: string }>(
    admin.client.request({ method: 'PUT', url: `/api/admin/blog/${draft.id}/thumbnail`, ...upload }),
  );
  const reference = await ok<{ id: string }>(admin.client.post('/api/admin/supplements', { name: 'Matrix bark', category: 'Herbs' }), 201);

  seed = {
    owner: owner.body,
    loginUser: login(loginUser.body),
    day: today(),
    month: today().slice(0, 7),
    supplementId: owner.supplementIds.vitaminD,
    labFileId: owner.labFileId!,
    labResultId: manual!.id,
    shareId: share.link.id,
    shareToken: new URL(share.url).pathname.split('/').pop()!,
    sessionId: spareSessions.sessions.find((session) => session.current)!.id,
    checkoutSessionId: /cs_local_[a-f0-9]{32}/.exec(checkout.url)![0],
    priceId,
    blogSlug: blog.posts[0]!.slug,
    blogPostId: draft.id,
    thumbnailName: withThumbnail.thumbnailUrl.split('/').pop()!,
    referenceSupplementId: reference.id,
    victimUserId: victim.user.id,
    victimEmail: victim.body.email,
    labPdf: await makeTextPdf(panelLines()),
    thumbnailPng,
  };
});
afterAll(() => t.close());

/** Reads, then writes, then deletes (longest paths first, the account itself last), so each call finds its target. */
function runOrder(keys: string[]): string[] {
  const rank = (key: string) => {
    const [method, path] = key.split(' ') as [string, string];
    if (key === 'DELETE /api/account') return [3, 0];
    if (method === 'DELETE') return [2, -path.length];
    return [method === 'GET' ? 0 : 1, 0];
  };
  return keys
    .map((key, index) => ({ key, index, rank: rank(key) }))
    .sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.index - b.index)
    .map(({ key }) => key);
}

async function clientFor(caller: Caller, route: RouteCase): Promise<TestClient> {
  if (!route.freshSession) return clients[caller];
  const client = new TestClient(t.app);
  if (caller !== 'anonymous') await ok(client.post('/api/login', credentials[caller]));
  return client;
}

async function call(caller: Caller, key: string, route: RouteCase) {
  const [method, template] = key.split(' ') as [string, string];
  let url = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const field = route.params?.[name];
    if (!field) throw new Error(`${key}: no seed field for {${name}}`);
    return encodeURIComponent(String(seed[field]));
  });
  if (route.query) url += `?${new URLSearchParams(route.query(seed))}`;
  const client = await clientFor(caller, route);
  if (route.upload) {
    const { bytes, fileName } = route.upload(seed);
    return client.request({ method, url, ...multipart(bytes, fileName) });
  }
  const body = route.body?.(seed);
  return client.request({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
}

/**
 * What the owner reads of their own: the full export (profile, stack, logs, notes, lab files and
 * results, health stats), their share links and their sessions (ids only: last-seen times move).
 */
async function ownerView() {
  const owner = clients.owner;
  const [exported, shares, sessions] = await Promise.all([owner.get('/api/export/json'), owner.get('/api/shares'), owner.get('/api/sessions')]);
  for (const response of [exported, shares, sessions]) expect(response.statusCode, 'the owner reads their own data').toBe(200);
  return {
    document: { ...exported.json(), exportedAt: undefined },
    shares: shares.json(),
    sessions: sessions.json().sessions.map((session: { id: string }) => session.id).sort(),
  };
}

/** Reads that name none of the owner's things cannot reach the owner's data; every other route is watched. */
const watched = (key: string, route: RouteCase) => !route.ownerMayChange && (!key.startsWith('GET ') || route.params !== undefined);

describe('authorisation matrix', () => {
  it('has exactly one entry per route of the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.length).toBeGreaterThan(80);
    const entries = Object.keys(AUTHORIZATION_MATRIX);
    expect(routes.filter((route) => !entries.includes(route)), 'routes without an entry in authorization-matrix.ts').toEqual([]);
    expect(entries.filter((entry) => !routes.includes(entry)), 'entries in authorization-matrix.ts without a route').toEqual([]);
  });

  it.each(runOrder(Object.keys(AUTHORIZATION_MATRIX)))('%s', async (key) => {
    const route = AUTHORIZATION_MATRIX[key]!;
    const answers = {} as Record<Caller, number>;
    const bodies: string[] = [];
    const before = watched(key, route) ? await ownerView() : undefined;
    for (const caller of CALLERS) {
      if (caller === 'owner' && before) {
        // Everyone else has called with the owner's ids by now: the owner's data is as it was.
        expect(await ownerView(), `${key}: a call by someone else changed what the owner sees`).toEqual(before);
      }
      const response = await call(caller, key, route);
      answers[caller] = response.statusCode;
      if (response.statusCode !== route.expect[caller]) bodies.push(`${caller}: ${response.body.slice(0, 300)}`);
    }
    expect(answers, bodies.join('\n')).toEqual(route.expect);
  });
});
