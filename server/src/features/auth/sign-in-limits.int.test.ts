import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

/** Limits on failed sign-ins: counted atomically, per network, and without locking the owner out. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (client: TestClient, email: string, password: string) => client.post('/api/login', { email, password });
const failuresFrom = async (address: string) =>
  (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.ipAddress, address)))).length;

describe('failed sign-ins', () => {
  it('gives a parallel burst of 30 wrong passwords no more guesses than a sequence (10)', async () => {
    const { body } = await signedInClient(t);
    const attacker = new TestClient(t.app, '198.51.100.7');
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(attacker, body.email, `guess-${i}-password`).then((r) => r.statusCode)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // Each 401 is one password checked; the refused ones checked none.
    expect(await failuresFrom('198.51.100.7')).toBe(10);
    expect((await login(attacker, body.email, body.password)).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it gains nothing', async () => {
    const { body } = await signedInClient(t);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await login(new TestClient(t.app, `2001:db8:1:2::${i.toString(16)}`), body.email, `guess-${i}-password`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Another /64 is another network.
    expect((await login(new TestClient(t.app, '2001:db8:1:3::1'), body.email, body.password)).statusCode).toBe(200);
  });

  it('slows guesses spread over many addresses without locking the owner out where they signed in before', async () => {
    const { body } = await signedInClient(t, '192.0.2.10');
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) statuses.push((await login(new TestClient(t.app, `203.0.113.${i + 1}`), body.email, `guess-${i}-password`)).statusCode);
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    // From a new address, the account's limit holds, even with the right password.
    expect((await login(new TestClient(t.app, '203.0.113.200'), body.email, body.password)).statusCode).toBe(429);
    // From the address the owner signed up and in from, they still sign in.
    expect((await login(new TestClient(t.app, '192.0.2.10'), body.email, body.password)).statusCode).toBe(200);
  });

  it('does not count a right password against any limit', async () => {
    const { body } = await signedInClient(t);
    const client = new TestClient(t.app, '198.51.100.9');
    for (let i = 0; i < 9; i++) expect((await login(client, body.email, `guess-${i}-password`)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(client, body.email, body.password)).statusCode).toBe(200);
    expect((await login(client, body.email, 'one more guess')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the address the trusted proxy saw, not one a client wrote into X-Forwarded-For', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const { body } = await signedInClient(behindProxy);
      const proxy = new TestClient(behindProxy.app, '10.0.0.2');
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        // The client writes a new address each time; the proxy appends the one it saw.
        const forwarded = `192.0.2.${i + 1}, 198.51.100.77`;
        statuses.push((await proxy.post('/api/login', { email: body.email, password: `guess-${i}-password` }, { 'x-forwarded-for': forwarded })).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const [entry] = await behindProxy.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in_failed')).limit(1);
      expect(entry?.ipAddress).toBe('198.51.100.77');
    } finally {
      await behindProxy.close();
    }
  });
});
