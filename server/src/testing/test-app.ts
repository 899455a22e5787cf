import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { BuiltInAssistant } from '#server/ai/built-in/built-in-assistant.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase, testDatabaseKind } from './databases.ts';
import { TestOutbox } from './test-outbox.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  outbox: TestOutbox;
  /** Every log line the app wrote, for tests that check what is (not) logged. */
  logs: string[];
  close(): Promise<void>;
};

/** The real app in-process on a fresh copy of the migrated test database, with no port. */
export async function createTestApp(env: Record<string, string> = {}, options: { webDir?: string } = {}): Promise<TestApp> {
  // Files, outbox and secrets of this app only; removed on close.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stacklab-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'info',
    // PGlite tells the user cache of a commit before the committing call returns, so tests that
    // change rows directly see the change at once, and every test exercises the cache. PostgreSQL
    // tells it on another connection a moment later; there only the user-cache tests turn it on.
    USER_CACHE_SECONDS: testDatabaseKind() === 'pglite' ? '30' : '0',
    ...env,
  });
  const database = await openTestDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const outbox = new TestOutbox(config.mail.outboxDir, config.mail.from, silentLogger());
  Object.defineProperty(outbox, 'delivers', { value: env.SMTP_URL !== undefined });
  const app = await buildApp({ config, database, mailer: outbox, logStream, webDir: options.webDir, builtInAssistant: new BuiltInAssistant({ chunkDelayMs: 0 }) });
  await app.ready();
  return {
    app,
    database,
    config,
    outbox,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where a second app built inside a test writes its logs: nowhere, so the test run's output stays readable. */
export function discardedLogs(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

function silentLogger() {
  const noop = () => {};
  const logger = { info: noop, warn: noop, error: noop, debug: noop, trace: noop, fatal: noop, level: 'silent', silent: noop, child: () => logger };
  return logger as never;
}

/**
 * A browser-like client: keeps cookies between calls and sends our Origin on mutations,
 * as the web app does.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = randomTestAddress(),
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('stacklab_session');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  async request(options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0 && !('cookie' in headers)) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (options.method !== 'GET' && !('origin' in headers)) headers.origin = TEST_ORIGIN;
    const response = await this.app.inject({ ...options, headers, remoteAddress: this.ip });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0 || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  put(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers });
  }

  delete(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'DELETE', url, headers });
  }
}

/** Private addresses, one per client, so rate limits do not couple tests. */
function randomTestAddress(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

let counter = 0;

/** A unique, valid sign-up body. */
export function newUserBody(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  counter += 1;
  const id = `${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `user${id}`, email: `user${id}@example.com`, password: 'correct horse battery', ...overrides };
}

/** Signs up a new user through the API and returns a signed-in client. */
export async function signedInClient(testApp: TestApp, ip?: string) {
  const client = new TestClient(testApp.app, ip);
  const body = newUserBody();
  const response = await client.post('/api/register', body);
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  return { client, body, user: response.json().user as { id: string; username: string; email: string } };
}
