import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '#server/features/data-ownership/data-ownership.test-helpers.ts';
import { type TestApp, TestClient, createTestApp, newUserBody } from '#server/testing/test-app.ts';

/**
 * The headers of every kind of answer the product gives: web pages, static assets, API JSON with
 * a user's data, public API JSON, file downloads, the share view, redirects and errors.
 */
let t: TestApp;
let webDir: string;
let ada: SeededUser;
let shareToken: string;

beforeAll(async () => {
  // A built web app in miniature: the page shell, one hashed bundle and one file without a hash.
  webDir = await mkdtemp(path.join(tmpdir(), 'stacklab-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>StackLab</title></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(webDir, 'assets', 'index-3f2a9c1b.js'), 'console.log("app")');
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { webDir });
  ada = await seedUser(t, { withFile: true });
  const share = await ada.client.post('/api/shares', { parts: ['labs', 'stack'], expiresInHours: 48 });
  shareToken = new URL(share.json().url).pathname.split('/').pop()!;
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
  expect(response.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(response.headers['x-request-id']).toBeTruthy();
  expect(response.headers['x-powered-by']).toBeUndefined();
  // No version of anything we run is announced.
  expect(response.headers.server).toBeUndefined();
}

const visitor = () => new TestClient(t.app);

describe('every kind of answer carries the security headers and the right caching', () => {
  it.each([
    ['a web page (the app shell)', () => visitor().get('/dashboard'), 200, 'text/html', 'no-cache'],
    ['a web page naming the signed-in user', () => ada.client.get('/dashboard'), 200, 'text/html', 'private, no-store'],
    ['a blog page rendered with its meta tags', () => visitor().get('/learn'), 200, 'text/html', 'no-cache'],
    ['a hashed static asset', () => visitor().get('/assets/index-3f2a9c1b.js'), 200, 'javascript', 'public, max-age=31536000, immutable'],
    ['a static file without a hash', () => visitor().get('/favicon.svg'), 200, 'image/svg+xml', 'no-cache'],
    ["a user's data as JSON", () => ada.client.get('/api/supplements'), 200, 'application/json', 'no-store'],
    ['the signed-in user', () => ada.client.get('/api/user'), 200, 'application/json', 'no-store'],
    ['public JSON (the plans)', () => visitor().get('/api/plans'), 200, 'application/json', 'public, max-age=300'],
    ['the sitemap', () => visitor().get('/sitemap.xml'), 200, 'application/xml', 'public, max-age=300'],
    ['a lab file download', () => ada.client.get(`/api/labs/${ada.labFileId}/file`), 200, 'application/pdf', 'private, no-store'],
    ['an export download', () => ada.client.get('/api/export/json'), 200, 'application/json', 'private, no-store'],
    ['the doctor report', () => ada.client.get('/api/export/report'), 200, 'application/pdf', 'private, no-store'],
    ['the share view (API)', () => visitor().get(`/api/share/${shareToken}`), 200, 'application/json', 'no-store'],
    ['the share view (page)', () => visitor().get(`/share/${shareToken}`), 200, 'text/html', 'no-cache'],
    ['an answer needing sign-in (401)', () => visitor().get('/api/supplements'), 401, 'application/json', 'no-store'],
    ['an unknown API path (404)', () => visitor().get('/api/nothing-here'), 404, 'application/json', 'no-store'],
    ['a visitor asking for a lab file (401)', () => visitor().get(`/api/labs/${ada.labFileId}/file`), 401, 'application/json', 'no-store'],
    ['a refused body (400)', () => ada.client.post('/api/supplements', { name: '' }), 400, 'application/json', 'no-store'],
    ['a request from another site (403)', () => ada.client.post('/api/logout', undefined, { origin: 'https://evil.example' }), 403, 'application/json', 'no-store'],
    ['an admin route to a non-admin (404)', () => ada.client.get('/api/admin/users'), 404, 'application/json', 'no-store'],
    ['a body too large (413)', () => ada.client.post('/api/contact', { message: 'x'.repeat(t.config.bodyLimitBytes + 1) }), 413, 'application/json', 'no-store'],
  ] as const)('%s', async (_kind, send, status, contentType, cacheControl) => {
    const response = await send();
    expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
    expect(response.headers['content-type']).toContain(contentType);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expectSecurityHeaders(response);
  });

  it('serves downloads as attachments that no browser renders in place', async () => {
    for (const url of [`/api/labs/${ada.labFileId}/file`, '/api/export/json', '/api/export/csv', '/api/export/fhir', '/api/export/report']) {
      const response = await ada.client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-disposition'], url).toMatch(/^attachment; filename=/);
      expectSecurityHeaders(response);
    }
  });

  it('keeps the share link out of search engines and out of Referer headers, page and API alike', async () => {
    for (const url of [`/share/${shareToken}`, `/api/share/${shareToken}`, '/api/share/not-a-real-token-at-all-000000000000000000']) {
      const response = await visitor().get(url);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('answers a server failure with a plain 500 that is not cached and names nothing internal', async () => {
    // The share table disappears for a moment: the query fails as a broken database would.
    await t.database.db.execute(sql`alter table share_links rename to share_links_away`);
    try {
      const response = await ada.client.get('/api/shares');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ ok: false, code: 'SERVER_ERROR', message: expect.any(String) });
      expect(response.body).not.toMatch(/share_links|relation|postgres|pglite|at .*\.ts/i);
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response);
    } finally {
      await t.database.db.execute(sql`alter table share_links_away rename to share_links`);
    }
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, never for a domain, and cleared with the same flags', async () => {
    const client = new TestClient(t.app);
    const signUp = await client.post('/api/register', newUserBody());
    const cookie = signUp.cookies.find((c) => c.name === 'stacklab_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const logout = await client.post('/api/logout');
    const cleared = logout.cookies.find((c) => c.name === 'stacklab_session')!;
    expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(new Date(cleared.expires!).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('over HTTPS is __Host-, Secure, and every answer (page, API, error) carries HSTS', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://stacklab.example' }, { webDir });
    try {
      const client = new TestClient(secure.app);
      const origin = { origin: 'https://stacklab.example' };
      const signUp = await client.post('/api/register', newUserBody(), origin);
      const cookie = signUp.cookies.find((c) => c.name === '__Host-stacklab_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.domain).toBeUndefined();
      expect(signUp.cookies.map((c) => c.name)).not.toContain('stacklab_session');
      for (const response of [signUp, await client.get('/dashboard'), await client.get('/api/nothing-here'), await new TestClient(secure.app).get('/api/user')]) {
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(response);
      }
      const cleared = (await client.post('/api/logout', undefined, origin)).cookies.find((c) => c.name === '__Host-stacklab_session')!;
      expect(cleared).toMatchObject({ value: '', secure: true, httpOnly: true, path: '/' });
    } finally {
      await secure.close();
    }
  });
});
