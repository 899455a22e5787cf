import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '#server/features/labs/labs.test-helpers.ts';
import { type TestApp, TestClient, createTestApp } from '#server/testing/test-app.ts';
import { AUTHORIZATION_MATRIX, type Caller, type RouteCase, type Seed } from './authorization-matrix.ts';
import { type Callers, pathOf, seedCallers } from './security.test-helpers.ts';

const CALLERS: Caller[] = ['anonymous', 'other', 'admin', 'owner'];

let t: TestApp;
let seed: Seed;
let clients: Callers['clients'];
let credentials: Callers['credentials'];

beforeAll(async () => {
  t = await createTestApp();
  ({ seed, clients, credentials } = await seedCallers(t));
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
  if (caller !== 'anonymous') expect((await client.post('/api/login', credentials[caller])).statusCode).toBe(200);
  return client;
}

async function call(caller: Caller, key: string, route: RouteCase) {
  const method = key.split(' ')[0]!;
  let url = pathOf(key, route, seed);
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
