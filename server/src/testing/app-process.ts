import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresAdminUrl } from './databases.ts';

export const PROCESS_ORIGIN = 'http://localhost:3000';

/**
 * The real server (`server/src/main.ts`) in a child process, as production runs it, for tests
 * that kill it, run two of it, or take its database away. It listens on a port the system picks;
 * its JSON log lines are kept for the test to read.
 */
export type AppProcess = {
  url: string;
  pid: number;
  logs: string[];
  /** SIGKILL: no shutdown handler runs, as when a machine or container dies. */
  kill(): Promise<void>;
  /** SIGTERM and the graceful shutdown. */
  stop(): Promise<void>;
  exited(): boolean;
};

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/src/main.ts')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: PROCESS_ORIGIN,
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'fault-test-session-secret-that-is-long-enough-0123',
      JOB_POLL_MS: '200',
      WEB_DIR: path.join(tmpdir(), 'stacklab-no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let buffered = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        // Fastify's own line names the port the system gave.
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening) resolve(listening[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`the app exited (${code ?? signal}) before listening:\n${logs.join('\n')}`)));
  });
  // A cold start through tsx beside the browser tests has taken over a minute on two cores.
  const timeout = setTimeout(() => child.kill('SIGKILL'), 240_000);
  try {
    const address = await url;
    return {
      url: address,
      pid: child.pid!,
      logs,
      kill: () => end(child, 'SIGKILL'),
      stop: () => end(child, 'SIGTERM'),
      exited: () => child.exitCode !== null || child.signalCode !== null,
    };
  } finally {
    clearTimeout(timeout);
  }
}

async function end(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** JSON log lines with this message, parsed. */
export function logEntries(app: AppProcess, message: string): Record<string, unknown>[] {
  return app.logs
    .filter((line) => line.startsWith('{') && line.includes(message))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === message);
}

/**
 * An empty database on the PostgreSQL the integration tests use, for app processes to migrate
 * and share; undefined (with the reason printed) when none answers. Named like the test
 * databases so that a run that dies leaves nothing the next run does not remove.
 */
export async function createProcessDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${postgresAdminUrl()} (${(error as Error).message}): skipped`);
    return undefined;
  }
  const name = `stacklab_t_${process.env.STACKLAB_TEST_RUN ?? process.pid}_p${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A data folder for one or more app processes; removed by the returned function. */
export async function tempDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stacklab-process-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A multipart body with one file in the field the labs upload reads, as a browser's FormData sends it. */
export function uploadForm(bytes: Uint8Array, fileName: string, contentType = 'application/pdf'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  return form;
}

/**
 * A browser-like client over real HTTP for one app process: keeps the session cookie and sends
 * the site's Origin on mutations.
 */
export class HttpClient {
  cookie = '';

  constructor(public baseUrl: string) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: () => unknown; text: string; headers: Headers }> {
    const init: RequestInit = {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method !== 'GET' ? { origin: PROCESS_ORIGIN } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    };
    const response = await fetch(`${this.baseUrl}${url}`, init);
    const session = response.headers.getSetCookie().find((line) => line.startsWith('stacklab_session='));
    if (session) this.cookie = session.split(';')[0]!;
    const text = await response.text();
    return { status: response.status, text, headers: response.headers, json: () => JSON.parse(text) as unknown };
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown) {
    return this.request('POST', url, body);
  }
}

/** Polls `condition` until it holds; a condition that throws (a server still down) has not held yet. */
export async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < until) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not reached within ${timeoutMs} ms`, { cause: lastError });
}
