import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DehydratedState } from '@tanstack/query-core';
import { firstQueriesOf, PAGE_DATA_ELEMENT_ID, USER_QUERY_KEY } from '#contract/page-data.ts';
import { adminClient } from '#server/features/admin/admin.test-helpers.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { escapeAttribute, escapeText } from './page-document.ts';

/**
 * Every page's document: the built index.html with the answers to the page's first calls (who is
 * signed in, as GET /api/session answers it, and the page's first data, as the API answers it)
 * and the page's code preloaded, for this request's user only.
 */
let t: TestApp;
let webDir: string;

// A build in miniature: the entry, and pages that share a chunk with each other and with the entry.
const MANIFEST = {
  // The entry loads a helper itself and starts the app once it has painted (web/src/main.tsx).
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_preload.js'], dynamicImports: ['_app.js'] },
  '_preload.js': { file: 'assets/preload.js' },
  '_app.js': { file: 'assets/app.js', imports: ['_preload.js'], dynamicImports: ['src/app/routes/landing.tsx', 'src/app/routes/dashboard.tsx'] },
  '_ui.js': { file: 'assets/ui.js', imports: ['_app.js'] },
  'src/app/routes/landing.tsx': { file: 'assets/landing.js', isDynamicEntry: true, imports: ['_app.js'] },
  'src/app/routes/dashboard.tsx': { file: 'assets/dashboard.js', isDynamicEntry: true, imports: ['_ui.js', '_app.js'] },
  'src/app/routes/labs.tsx': { file: 'assets/labs.js', isDynamicEntry: true, imports: ['_ui.js'] },
  'src/app/routes/admin.tsx': { file: 'assets/admin.js', isDynamicEntry: true, imports: ['_ui.js'] },
  'src/app/routes/learn.tsx': { file: 'assets/learn.js', isDynamicEntry: true },
};

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'stacklab-web-'));
  await mkdir(path.join(webDir, '.vite'), { recursive: true });
  await writeFile(
    path.join(webDir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta name="description" content="StackLab" />',
      '    <title>StackLab</title>',
      '    <script type="module" src="/assets/index-e1.js"></script>',
      '  </head>',
      '  <body>',
      '    <div id="root">',
      '      <!-- shell: the app layout -->',
      '      <header>StackLab</header>',
      '      <!-- cookie-banner: until answered -->',
      '      <section aria-label="Cookie consent">We use cookies</section>',
      '      <!-- /cookie-banner -->',
      '      <!-- /shell -->',
      '    </div>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

/** Which GET each query a document may carry answers, for a test user (zone UTC, US units). */
const PATH_OF_QUERY = new Map(
  (['landing', 'dashboard', 'labs', 'insights'] as const).flatMap((screen) =>
    firstQueriesOf(screen, { timeZone: 'UTC', unitSystem: 'us' }).map(({ queryKey, path }) => [JSON.stringify(queryKey), path] as const),
  ),
);

/**
 * The answers the document carries (the web's queries, dehydrated), by the path of the GET each
 * answers; the signed-in user as `GET /api/session` gives it.
 */
function answersIn(html: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('the document carries no answers');
  const { queries } = JSON.parse(match[1]!) as DehydratedState;
  return Object.fromEntries(
    queries.map(({ queryKey, state }) =>
      JSON.stringify(queryKey) === JSON.stringify(USER_QUERY_KEY)
        ? ['/api/session', { user: state.data }]
        : [PATH_OF_QUERY.get(JSON.stringify(queryKey)) ?? `no page's query ${JSON.stringify(queryKey)}`, state.data],
    ),
  );
}

/** The user the document names. */
function userIn(html: string): unknown {
  return (answersIn(html)['/api/session'] as { user: unknown }).user;
}

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/([^"]+)"/g)].map((match) => match[1]!);
}

describe('the page document', () => {
  it('names the signed-in user exactly as GET /api/session does, and is never stored', async () => {
    const { client } = await signedInClient(t);
    const session = await client.get('/api/session');
    const page = await client.get('/dashboard', { 'accept-encoding': 'identity' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(userIn(page.body)).toEqual(session.json().user);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toContain('cookie');
    // The shell the page draws before its code runs is still there.
    expect(page.body).toContain('<header>StackLab</header>');
  });

  it('names nobody for a visitor, or for a cookie that names no live session', async () => {
    const page = await new TestClient(t.app).get('/');
    expect(userIn(page.body)).toBeNull();
    expect(page.headers['cache-control']).toBe('no-cache');

    const { client } = await signedInClient(t);
    await client.post('/api/logout');
    const stale = await client.get('/dashboard', { cookie: 'stacklab_session=not-a-session-token-at-all-0000000000000' });
    expect(userIn(stale.body)).toBeNull();
  });

  it("names only the requester: another user's document never carries this user", async () => {
    const ada = await signedInClient(t);
    const bob = await signedInClient(t);
    const page = await bob.client.get('/labs');
    expect(userIn(page.body)).toMatchObject({ id: bob.user.id, email: bob.user.email });
    expect(page.body).not.toContain(ada.user.email);
    expect(page.body).not.toContain(ada.user.id);
  });

  it("carries the page's first data exactly as the API gives it to this user, and no other page's", async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/supplements', { name: 'Magnesium Glycinate', dosage: '200 mg', frequency: '2x daily' });
    const answers = answersIn((await client.get('/dashboard')).body);
    const today = new Date().toISOString().slice(0, 10); // the test user's zone is UTC
    const dashboardCalls = ['/api/supplements', '/api/supplements/warnings', `/api/supplement-logs/${today}`, '/api/supplements/streak', '/api/health-stats', '/api/profile/completion', '/api/plans'];
    expect(Object.keys(answers).sort()).toEqual(['/api/session', ...dashboardCalls].sort());
    for (const call of dashboardCalls) expect(answers[call], call).toEqual((await client.get(call)).json());
    expect(answers['/api/supplements']).toEqual([expect.objectContaining({ name: 'Magnesium Glycinate' })]);

    const labs = answersIn((await client.get('/labs')).body);
    expect(Object.keys(labs).sort()).toEqual(['/api/config', '/api/labs', '/api/labs/biomarkers', '/api/labs/model-reading', '/api/labs/results/manual', '/api/labs/series?units=conventional', '/api/plans', '/api/session']);
    // A page without first calls carries who is signed in only; a visitor's landing page, the plans.
    expect(Object.keys(answersIn((await client.get('/profile')).body))).toEqual(['/api/session']);
    expect(Object.keys(answersIn((await new TestClient(t.app).get('/')).body)).sort()).toEqual(['/api/plans', '/api/session']);
  });

  it("never carries another user's data, nor a visitor's any", async () => {
    const ada = await signedInClient(t);
    await ada.client.post('/api/supplements', { name: 'Ashwagandha', dosage: '500 mg', frequency: '1x daily' });
    const bob = await signedInClient(t);
    expect((await bob.client.get('/dashboard')).body).not.toContain('Ashwagandha');
    const visitor = await new TestClient(t.app).get('/dashboard');
    expect(visitor.body).not.toContain('Ashwagandha');
    expect(Object.keys(answersIn(visitor.body)).sort()).toEqual(['/api/plans', '/api/session']);
  });

  it('keeps what the user typed inside the data block: no text of theirs can close it', async () => {
    const { client, user } = await signedInClient(t);
    const hostile = '</script><script>alert(1)</script><!--';
    await t.database.db.execute(sql`update users set name = ${hostile} where id = ${user.id}`);
    // The user cache forgets the user when the row changes (a notice on PGlite, read again on PostgreSQL).
    const page = await client.get('/profile');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    // The entry's script element and the data block, as in a visitor's document: no third.
    const elementsClosed = (html: string) => html.match(/<\/script>/g)?.length;
    expect(elementsClosed(page.body)).toBe(elementsClosed((await new TestClient(t.app).get('/profile')).body));
    expect(userIn(page.body)).toMatchObject({ name: hostile });
  });

  it("keeps `$` patterns and </script> literal in every text field a page document carries", async () => {
    // `$\`` and `$&` mean "the text before" and "the match" to String.replace with a replacement string.
    const hostile = "$` $& </script><script>alert(1)</script> $'";
    const { client, user } = await signedInClient(t);
    await client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' });
    await client.post('/api/health-stats', { weight: 151 });
    expect((await client.post('/api/labs/results', { biomarker: 'hemoglobin', value: 13.1, unit: 'g/dL', testDate: '2025-01-02' })).statusCode).toBe(201);
    const { db } = t.database;
    await db.execute(sql`update users set name = ${hostile}, phone_number = ${hostile} where id = ${user.id}`);
    await db.execute(sql`update supplements set name = ${hostile}, notes = ${hostile} where user_id = ${user.id}`);
    await db.execute(sql`update health_stats set allergies = ${hostile} where user_id = ${user.id}`);
    await db.execute(sql`update lab_results set name = ${hostile}, reference_text = ${hostile}, printed_flag = ${hostile} where user_id = ${user.id}`);
    const admin = await adminClient(t);
    const post = await admin.client.post('/api/admin/blog', { section: 'learn', title: `Zinc ${hostile}`, excerpt: `Copper ${hostile}`, contentMarkdown: 'Zinc.', citations: [] });
    expect(post.statusCode, post.body).toBe(201);
    expect((await admin.client.post(`/api/admin/blog/${post.json().id}/publish`)).statusCode).toBe(200);

    for (const page of ['/dashboard', '/labs', '/profile']) {
      const html = (await client.get(page)).body;
      const answers = answersIn(html);
      for (const [call, answer] of Object.entries(answers)) expect(answer, `${page} ${call}`).toEqual((await client.get(call)).json());
      expect(html).not.toContain('<script>alert(1)</script>');
    }
    const dashboard = answersIn((await client.get('/dashboard')).body);
    expect(dashboard['/api/supplements']).toEqual([expect.objectContaining({ name: hostile, notes: hostile })]);
    expect(dashboard['/api/health-stats']).toMatchObject({ allergies: hostile });
    expect(userIn((await client.get('/profile')).body)).toMatchObject({ name: hostile });

    const learn = (await client.get(`/learn/${post.json().slug}`)).body;
    expect(learn).toContain(`<title>${escapeText(`Zinc ${hostile} · StackLab`)}</title>`);
    expect(learn).toContain(`<meta name="description" content="${escapeAttribute(`Copper ${hostile}`)}" />`);
    expect(learn).toContain(`<meta property="og:title" content="${escapeAttribute(`Zinc ${hostile}`)}" />`);
    expect(answersIn(learn)).toBeTruthy();
  });

  it("preloads the app's code, then the page this user is shown, without the entry's own", async () => {
    const { client } = await signedInClient(t);
    // Signed in, / is the dashboard: the app, the page's chunk, its first data, their shared chunk, once each.
    expect(preloads((await client.get('/')).body)).toEqual(['assets/app.js', 'assets/dashboard.js', 'assets/ui.js']);
    expect(preloads((await client.get('/labs')).body)).toEqual(['assets/app.js', 'assets/labs.js', 'assets/ui.js']);
    // Signed out, / is the landing page, and /labs is too (the route table sends visitors there).
    const visitor = new TestClient(t.app);
    expect(preloads((await visitor.get('/')).body)).toEqual(['assets/app.js', 'assets/landing.js']);
    expect(preloads((await visitor.get('/labs')).body)).toEqual(['assets/app.js', 'assets/landing.js']);
    // An admin page is preloaded for an admin only; for anyone else it is the 404 screen, which has no chunk.
    expect(preloads((await client.get('/admin')).body)).toEqual(['assets/app.js']);
    const admin = await adminClient(t);
    expect(preloads((await admin.client.get('/admin')).body)).toEqual(['assets/app.js', 'assets/admin.js', 'assets/ui.js']);
  });

  it('draws the cookie banner until the visitor has answered it, and no shell on a share link', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/about')).body).toContain('<section aria-label="Cookie consent">');
    for (const answer of ['accepted', 'declined']) {
      const answered = await visitor.get('/about', { cookie: `stacklab_consent=${answer}` });
      expect(answered.body).toContain('<header>StackLab</header>');
      expect(answered.body).not.toContain('Cookie consent');
    }
    // Anything else is no answer.
    expect((await visitor.get('/about', { cookie: 'stacklab_consent=maybe' })).body).toContain('Cookie consent');
    // A clinician's share view has neither the app's header nor its banner.
    const share = await visitor.get('/share/some-token-0000000000000000000000000000');
    expect(share.body).not.toContain('<header>');
    expect(share.body).not.toContain('Cookie consent');
    expect(share.body).toMatch(/<div id="root">\s*<\/div>/);
  });

  it('is drawn in the theme the visitor chose, on every page, and leaves "system" and anything else to the device', async () => {
    const visitor = new TestClient(t.app);
    const { client } = await signedInClient(t);
    const rootOf = (html: string) => /<html[^>]*>/.exec(html)![0];
    for (const theme of ['light', 'dark']) {
      visitor.setCookie('stacklab_theme', theme);
      client.setCookie('stacklab_theme', theme);
      for (const [who, path] of [[visitor, '/about'], [client, '/dashboard'], [visitor, '/share/some-token-0000000000000000000000000000']] as const) {
        const page = await who.get(path);
        expect(rootOf(page.body)).toBe(`<html data-theme="${theme}" lang="en">`);
      }
      // The signed-in document still names its user.
      expect(userIn((await client.get('/dashboard')).body)).not.toBeNull();
    }
    for (const cookie of ['stacklab_theme=system', 'stacklab_theme=dark%22%20onload', 'stacklab_theme=', 'other=dark']) {
      expect(rootOf((await visitor.get('/about', { cookie })).body)).toBe('<html lang="en">');
    }
  });

  it('keeps the meta tags of a learn page beside the session and preloads', async () => {
    const { client, user } = await signedInClient(t);
    const page = await client.get('/learn');
    expect(page.body).toContain('<meta property="og:title" content="Learn" />');
    expect(page.body).toMatch(/<title>Learn · StackLab<\/title>/);
    expect(preloads(page.body)).toEqual(['assets/app.js', 'assets/learn.js']);
    expect(userIn(page.body)).toMatchObject({ id: user.id });
  });

  it('is compressed for browsers that take brotli or gzip, and plain for the others', async () => {
    const { client } = await signedInClient(t);
    // Each document says when its answers were read; the rest is the same, however it is sent.
    const timeless = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    const plain = await client.get('/dashboard', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await client.get('/dashboard', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(timeless(brotliDecompressSync(br.rawPayload).toString())).toBe(timeless(plain.body));

    const gzip = await client.get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(timeless(gunzipSync(gzip.rawPayload).toString())).toBe(timeless(plain.body));
    expect(gzip.headers.vary).toContain('accept-encoding');
  });
});
