// sqlmap (the Debian package) against the app on loopback, for every route that takes text.
// Not part of `npm test` or `npm run bench` (it takes minutes): `node --import tsx bench/sqlmap.ts`.
// Writes its section of bench/RESULTS.md; exits 1 when sqlmap finds an injection or a 5xx.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSection } from './results-file.ts';
import { machineLine, postgresAvailable, recreateDatabase } from './support.ts';

const PORT = Number(process.env.SQLMAP_PORT ?? Number(process.env.E2E_PORT_BASE ?? 5400) + 50);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'correct horse battery staple';

type Who = 'visitor' | 'user' | 'admin';
type Target = { name: string; method: 'GET' | 'POST'; url: string; body?: Record<string, unknown>; who: Who; params?: string; note?: string };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stacklab-sqlmap-'));
const databaseName = `stacklab_sqlmap_${process.pid}`;
const databaseUrl = (await postgresAvailable(ADMIN_URL)) ? await recreateDatabase(ADMIN_URL, databaseName) : undefined;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PAYMENTS: 'local',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  PUBLIC_URL: BASE,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  JOB_WORKER: 'false',
  WEB_DIR: path.join(dataDir, 'no-web'),
  // sqlmap's xforwardedfor tamper gives each request its own address, so that per-address
  // limits do not answer 429 to the payloads instead of the code under test.
  TRUST_PROXY: '1',
  SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const cleanUp = async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) spawnSync('dropdb', ['--if-exists', '--force', '-h', '127.0.0.1', '-U', 'postgres', databaseName]);
};

async function waitUntilReady(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const ready = await fetch(`${BASE}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

async function request(method: string, url: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  return { json: (await response.json()) as Record<string, unknown>, cookie: setCookie };
}

async function signUp(username: string) {
  const { cookie } = await request('POST', '/api/register', { username, email: `${username}@example.com`, password: PASSWORD });
  return cookie!;
}

/** sqlmap on one target; its verdict from its own log. */
function runSqlmap(target: Target, cookies: Record<Who, string | undefined>) {
  const outputDir = path.join(dataDir, 'sqlmap', target.name.replace(/\W+/g, '-'));
  const args = [
    '-u', `${BASE}${target.url}`,
    '--method', target.method,
    '--batch', '--level=2', '--risk=1', '--dbms=PostgreSQL',
    '--tamper=xforwardedfor', '--threads=4', '--flush-session', '--disable-coloring',
    // 401 is the answer to a wrong password or a mangled session cookie, not a reason to stop;
    // and a parameter that looks type-cast is tested all the same.
    '--ignore-code=401', '--answers=skip those=N',
    '--output-dir', outputDir,
    ...(target.body ? ['--data', JSON.stringify(target.body), '-H', 'Content-Type: application/json'] : []),
    ...(cookies[target.who] ? ['--cookie', cookies[target.who]!, '--drop-set-cookie'] : []),
    ...(target.params ? ['-p', target.params] : []),
  ];
  const started = Date.now();
  const run = spawnSync('sqlmap', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
  const log = `${run.stdout}\n${run.stderr}`;
  const injectable = /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(log);
  const errors = /HTTP error codes detected during run:\s*([^\n]+)/.exec(log)?.[1]?.trim();
  const serverErrors = errors && /\b5\d\d\b/.test(errors) ? errors : undefined;
  const tested = /all tested parameters do not appear to be injectable/i.test(log);
  const codes = (errors ?? '').replace(/ \([^)]*\) - (\d+) times/g, ' ×$1');
  return { injectable, serverErrors, tested, seconds: Math.round((Date.now() - started) / 1000), codes, tail: log.split('\n').slice(-15).join('\n') };
}

try {
  await waitUntilReady();
  const user = await signUp(`sqlmapuser${process.pid}`);
  await signUp(`sqlmaplogin${process.pid}`);
  const supplement = await request('POST', '/api/supplements', { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily' }, user);
  await request('POST', '/api/supplement-logs', { logs: [{ supplementId: supplement.json.id, takenAt: new Date(Date.now() - 60_000).toISOString() }] }, user);
  await request('POST', '/api/labs/results', { biomarker: 'hemoglobin', value: 13.2, unit: 'g/dL', testDate: '2025-06-01' }, user);
  const share = await request('POST', '/api/shares', { parts: ['labs', 'stack'], expiresInHours: 48 }, user);
  const shareToken = new URL(String(share.json.url)).pathname.split('/').pop()!;
  const blog = await request('GET', '/api/blog');
  const slug = (blog.json.posts as { slug: string }[])[0]!.slug;
  const adminEmail = `sqlmapadmin${process.pid}@example.com`;
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'create-admin', '--email', adminEmail, '--username', `sqlmapadmin${process.pid}`, '--password', PASSWORD], { env, encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);
  const admin = (await request('POST', '/api/login', { email: adminEmail, password: PASSWORD })).cookie;
  const cookies = { visitor: undefined, user, admin };

  const targets: Target[] = [
    { name: 'supplement search', method: 'GET', url: '/api/supplements/search?q=vitamin&limit=5', who: 'user' },
    { name: 'sign-in', method: 'POST', url: '/api/login', body: { email: `sqlmaplogin${process.pid}@example.com`, password: PASSWORD }, who: 'visitor', params: 'email', note: 'email only: each wrong password counts against the account (50 an hour), and the password reaches argon2, never SQL' },
    { name: 'sign-up', method: 'POST', url: '/api/register', body: { username: 'sqlmapnew', email: 'sqlmapnew@example.com', password: PASSWORD }, who: 'visitor' },
    { name: 'forgot password', method: 'POST', url: '/api/auth/forgot-password', body: { email: 'someone@example.com' }, who: 'visitor' },
    { name: 'contact', method: 'POST', url: '/api/contact', body: { name: 'Ada', email: 'ada@example.com', message: 'Hello' }, who: 'visitor' },
    { name: 'add supplement', method: 'POST', url: '/api/supplements', body: { name: 'Zinc', dosage: '50 mg', frequency: '1x daily', notes: 'with food' }, who: 'user' },
    { name: 'effects note', method: 'POST', url: '/api/effects', body: { energy: 3, mood: 4, sleep: 2, note: 'slept well' }, who: 'user' },
    { name: 'health stats', method: 'POST', url: '/api/health-stats', body: { allergies: 'Penicillin', gender: 'female' }, who: 'user' },
    { name: 'profile', method: 'POST', url: '/api/profile', body: { email: `sqlmapuser${process.pid}@example.com`, username: `sqlmapuser${process.pid}`, name: 'Ada Quill' }, who: 'user' },
    { name: 'manual lab result', method: 'POST', url: '/api/labs/results', body: { biomarker: 'hemoglobin', value: 13.1, unit: 'g/dL', testDate: '2025-06-02' }, who: 'user' },
    { name: 'lab chart data', method: 'GET', url: '/api/labs/chart-data?page=1&pageSize=50', who: 'user' },
    { name: 'lab series', method: 'GET', url: '/api/labs/series?units=si', who: 'user' },
    { name: 'log days', method: 'GET', url: '/api/supplement-logs/days?month=2025-06', who: 'user' },
    { name: 'log day (path)', method: 'GET', url: '/api/supplement-logs/2025-06-01*', who: 'user' },
    { name: 'blog list', method: 'GET', url: '/api/blog?section=learn&page=1', who: 'visitor' },
    { name: 'blog post (slug)', method: 'GET', url: `/api/blog/${slug}*`, who: 'visitor' },
    { name: 'share view (token)', method: 'GET', url: `/api/share/${shareToken}*`, who: 'visitor' },
    { name: 'admin supplements', method: 'GET', url: '/api/admin/supplements?q=vit&page=1', who: 'admin' },
    { name: 'admin users', method: 'GET', url: '/api/admin/users?q=sqlmap', who: 'admin' },
    { name: 'admin blog', method: 'GET', url: '/api/admin/blog?q=sleep', who: 'admin' },
  ];

  const rows: string[] = [];
  let findings = 0;
  const started = Date.now();
  for (const target of targets) {
    const result = runSqlmap(target, cookies);
    const verdict = result.injectable ? 'INJECTABLE' : result.serverErrors ? `5xx: ${result.serverErrors}` : result.tested ? 'none' : 'incomplete';
    if (verdict !== 'none') {
      findings += 1;
      console.log(result.tail);
    }
    console.log(`${target.name}: ${verdict} (${result.seconds} s; ${result.codes})`);
    // Tokens and slugs of this run stay out of the results file.
    const where = `\`${target.method} ${target.url.replace(/\?.*/, '').replace(shareToken, '{token}').replace(slug, '{slug}')}\``;
    rows.push(`| ${target.name} | ${where} | ${target.who} | ${target.params ?? 'all'}${target.note ? ` (${target.note})` : ''} | ${result.codes} | ${verdict} |`);
  }
  writeSection(
    'sqlmap',
    [
      '## sqlmap (`bench/sqlmap.ts`)',
      '',
      `${machineLine()}; sqlmap ${spawnSync('sqlmap', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]}, \`--level=2 --risk=1 --dbms=PostgreSQL --tamper=xforwardedfor\`, ` +
        `on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${Math.round((Date.now() - started) / 60_000)} min. Parameters: query string, JSON body fields, ` +
        'path segments marked `*`, and (level 2) the session cookie. A 4xx to a payload is the validation refusing it; "none" is sqlmap\'s "all tested parameters do not appear to be injectable" with no 5xx.',
      '',
      '| target | route | caller | parameters | refusals seen by sqlmap | finding |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  console.log(findings === 0 ? 'sqlmap: no findings' : `sqlmap: ${findings} target(s) with findings`);
  if (findings > 0) process.exitCode = 1;
} finally {
  await cleanUp();
}
