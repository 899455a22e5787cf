import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measureLandingJs } from './landing-js.ts';
import { writeSection } from './results-file.ts';
import { machineLine } from './support.ts';

/**
 * Lighthouse 12 (its default: a mid-range phone on a throttled connection, simulated) on the
 * landing page, a signed-in user's dashboard and /labs, against the production build served by
 * the real server. Goal: 95 or more for performance, accessibility and best practices on each.
 * Also records the landing page's JavaScript (bench/landing-js.ts). Each page runs RUNS times;
 * the median is kept, since the machine is shared.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

type Scores = Record<(typeof CATEGORIES)[number], number> & { fcp: number; lcp: number; tbt: number; cls: number; failing: string[] };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApp(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', PAYMENTS: 'local', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stacklab-lighthouse-')), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (await fetch(`${url}/readyz`).then((response) => response.ok, () => false)) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the app did not start');
}

/** A user with a stack, a fortnight of intake and lab results, so the dashboard and the charts draw real data. */
async function seedUser(url: string): Promise<string> {
  const id = Date.now().toString(36);
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: url };
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  const registered = await post('/api/register', { username: `lh${id}`, email: `lh${id}@example.com`, password: 'lighthouse password' });
  headers.cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
  const ids: string[] = [];
  for (const supplement of [
    { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily' },
    { name: 'Magnesium Glycinate', dosage: '200 mg', frequency: '2x daily' },
  ]) {
    ids.push(((await (await post('/api/supplements', supplement)).json()) as { id: string }).id);
  }
  const logs = [];
  for (let back = 1; back <= 14; back += 1) logs.push(...ids.map((supplementId) => ({ supplementId, takenAt: new Date(Date.now() - back * 86_400_000).toISOString() })));
  await post('/api/supplement-logs', { logs });
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  for (const [back, value] of [[90, 21], [30, 29], [3, 38]] as const) {
    await post('/api/labs/results', { biomarker: 'vitamin-d-25oh', value, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: day(back) });
    await post('/api/labs/results', { biomarker: 'tsh', value: value / 15, unit: 'uIU/mL', testDate: day(back) });
  }
  return headers.cookie;
}

/** Every run's full report, for a person to read what the scores hide (Lighthouse's viewer opens them). */
const REPORTS_DIR = '.tmp/lighthouse';

/** Times a run may fail to record its trace (Lighthouse's NO_NAVSTART, seen on a fresh browser's first page) before the page counts as failed. */
const TRACE_ATTEMPTS = 3;

async function audit(url: string, port: number, cookie: string | undefined, reportName: string): Promise<Scores> {
  let result;
  for (let attempt = 1; attempt <= TRACE_ATTEMPTS; attempt += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    const error = result?.lhr.runtimeError;
    if (!error) break;
    // Scored without a trace the run reads 0, which says nothing about the page: run it again.
    console.log(`${reportName}: Lighthouse could not record the page (${error.code}), attempt ${attempt} of ${TRACE_ATTEMPTS}`);
  }
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  writeFileSync(path.join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(categories)
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing: [...new Set(failing)],
  };
}

function median(runs: Scores[]): Scores {
  const byPerformance = [...runs].sort((a, b) => a.performance - b.performance);
  return byPerformance[Math.floor(byPerformance.length / 2)]!;
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) throw new Error('npm run build failed');

const app = await startApp();
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const rows: { page: string; scores: Scores; runs: Scores[] }[] = [];
try {
  const cookie = await seedUser(app.url);
  const pages = [
    { name: 'landing', page: 'Landing `/` (signed out)', url: `${app.url}/` },
    { name: 'dashboard', page: 'Dashboard `/dashboard` (signed in)', url: `${app.url}/dashboard`, cookie },
    { name: 'labs', page: 'Labs `/labs` (signed in)', url: `${app.url}/labs`, cookie },
  ];
  mkdirSync(REPORTS_DIR, { recursive: true });
  for (const entry of pages) {
    const runs: Scores[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(entry.url, chrome.port, entry.cookie, `${entry.name}-${run + 1}`));
    rows.push({ page: entry.page, scores: median(runs), runs });
    console.log(entry.page, runs.map((run) => `${run.performance}/${run.accessibility}/${run['best-practices']}`).join(' '), median(runs).failing.join(', '));
  }
} finally {
  chrome.kill();
  app.stop();
}

const landing = measureLandingJs();
const ms = (value: number) => `${Math.round(value)}`;
const markdown = `## Web pages (Lighthouse 12, landing page JavaScript)

${machineLine()}; Lighthouse ${RUNS}× per page (the median by performance), its default mobile profile with simulated throttling, Debian's Chromium headless, the production build served by the app. Goal: 95 or more on each score.

| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | audits below 0.9 | performance, every run |
|---|---:|---:|---:|---:|---:|---:|---:|---|---|
${rows.map(({ page, scores: s, runs }) => `| ${page} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${ms(s.fcp)} | ${ms(s.lcp)} | ${ms(s.tbt)} | ${s.cls.toFixed(3)} | ${s.failing.join(', ') || 'none'} | ${runs.map((run) => run.performance).join(', ')} |`).join('\n')}

Landing page JavaScript, gzipped, from the build's manifest (goal: under 150 KiB): **${landing.firstPaintKiB} KiB** to draw the page (the entry, its modulepreloads and the landing route's chunks; ${landing.firstPaint.length} files), ${landing.withDeferredKiB} KiB once the pricing and sign-up sections below the fold have loaded (on the first scroll, key or tap).
`;
console.log(markdown);
writeSection('lighthouse', markdown);
