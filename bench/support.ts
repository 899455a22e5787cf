import { execFile, execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const execFileAsync = promisify(execFile);

/**
 * The app as production runs it, over `database`, on a free loopback port, with a bare JSON route
 * (`/bench/bare`) as the measure of what the server costs before our code. `addRoutes` adds a
 * bench's own reference routes before it listens; `env` changes its settings.
 */
export async function startBenchApp(
  database: Database,
  addRoutes?: (app: FastifyInstance) => void,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; address: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PAYMENTS: 'local',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('stacklab-bench-'),
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    ...env,
  });
  const app = await buildApp({ config, database });
  app.get('/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
  addRoutes?.(app);
  return { app, address: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export type Measurement = { label: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * One autocannon run against a local URL, bounded in time, loopback only. The load generator
 * runs in its own process so that it does not share the server's event loop.
 */
export async function measure(label: string, url: string, options: { headers?: Record<string, string>; seconds?: number; connections?: number } = {}): Promise<Measurement> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await execFileAsync(
    process.execPath,
    [autocannonCli, '-j', '-c', String(options.connections ?? 50), '-d', String(options.seconds ?? 8), ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function postgresAvailable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export function machineLine(): string {
  let commit = 'uncommitted';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  return `${new Date().toISOString().slice(0, 10)}, commit ${commit}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end`;
}

export function table(rows: (Measurement & { ratio?: string })[]): string {
  const lines = ['| route | req/s | p50 ms | p99 ms | ratio to bare | errors |', '|---|---:|---:|---:|---:|---:|'];
  for (const row of rows) {
    lines.push(`| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.ratio ?? ''} | ${row.errors + row.non2xx} |`);
  }
  return lines.join('\n');
}
