import { execFile, execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const execFileAsync = promisify(execFile);

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
