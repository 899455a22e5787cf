import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { FakeOpenAi } from '../../server/src/testing/fake-openai.ts';
import { FakePushService } from '../../server/src/testing/fake-push-service.ts';
import { E2E_ADMIN } from './admin.ts';
import { E2E } from './ports.ts';
import { E2E_SERVER_LOG } from './server-log.ts';

/**
 * Everything the browser tests talk to: the built app (twice, with and without mail), a local
 * SMTP server whose mailbox tests read over HTTP, and a local OpenID provider standing in for
 * Google. Playwright starts this as its web server and stops it at the end.
 */
type Mail = { to: string[]; raw: string; text: string };
const APP_URLS = [E2E.appUrl, E2E.mailAppUrl, E2E.localhostAppUrl];
const mailbox: Mail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      mailbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: decodeBody(raw) });
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(E2E.smtpPort, '127.0.0.1', resolve));

createServer((request, response) => {
  const url = new URL(request.url ?? '/', E2E.mailboxUrl);
  // Playwright waits on this: ready once all three apps are.
  if (url.pathname === '/readyz') {
    void appsReady().then((ready) => {
      response.statusCode = ready ? 200 : 503;
      response.end();
    });
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = mailbox.filter((mail) => !to || mail.to.includes(to)).map(({ to: recipients, text }) => ({ to: recipients, text }));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(found));
}).listen(Number(new URL(E2E.mailboxUrl).port), '127.0.0.1');

// Headless Chromium has no push service of its own; reminders are pushed here, checked and
// decrypted as the browser would, and a test hands the message to the service worker.
const push = await FakePushService.start(E2E.pushServicePort);
const pushCa = path.join(mkdtempSync(path.join(tmpdir(), 'stacklab-e2e-push-')), 'ca.pem');
writeFileSync(pushCa, push.certificate);
createServer((request, response) => {
  const url = new URL(request.url ?? '/', E2E.pushboxUrl);
  const device = url.searchParams.get('device') ?? 'device';
  const body = url.pathname === '/subscription' ? push.subscription(device) : push.received.filter((one) => one.path === `/push/${device}`);
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}).listen(Number(new URL(E2E.pushboxUrl).port), '127.0.0.1');

// The AI model of the app at localhost. Asked for a report's rows, it reads them from the text it
// was sent, one "name value unit range" line at a time; asked anything else, it says what it is.
const model = new FakeOpenAi();
model.behaviour = {
  kind: 'script',
  answer: (request) => {
    if (!request.body.response_format) return { pieces: ['This is the browser tests’ model.'] };
    const text = request.body.messages.map((message) => message.content).join('\n');
    const rows = [...text.matchAll(/^(\D+?)\s+(\d[\d.,]*)\s*(?:\(\d\))?\s+(\S+)\s+(\d.*)$/gm)].map(([, name, value, unit, range]) => ({ name, value, unit, range }));
    return { pieces: [JSON.stringify({ rows })] };
  },
};
await model.start(E2E.modelPort);

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
await oidc.start(E2E.oidcPort, '127.0.0.1');
// Grace by default; a test that needs its own Google account sets the cookie `e2e_google` to an
// address for the provider's host, localhost (cookies ignore ports).
const identityByCode = new Map<string, string>();
oidc.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, request: { headers: Record<string, string | undefined> }) => {
  const email = /(?:^|;\s*)e2e_google=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const code = redirect.url.searchParams.get('code');
  if (email && code) identityByCode.set(code, decodeURIComponent(email));
});
oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, request: { body?: { code?: string } }) => {
  const email = identityByCode.get(request.body?.code ?? '');
  Object.assign(
    token.payload,
    email
      ? { sub: `google-${email}`, email, email_verified: true, name: 'Test Google User' }
      : { sub: 'google-e2e-subject', email: 'grace.google@example.com', email_verified: true, name: 'Grace Hopper' },
  );
});

const children: ChildProcess[] = [];
// The apps' logs go to a file, read back only for a test that failed (server-log-reporter.ts).
mkdirSync(path.dirname(E2E_SERVER_LOG), { recursive: true });
const appLog = openSync(E2E_SERVER_LOG, 'w');
// One database with the administrator, copied to each app: the CLI opens a new database, which
// takes a while on a busy machine, once instead of three times.
const templateDir = mkdtempSync(path.join(tmpdir(), 'stacklab-e2e-template-'));
createAdmin(templateDir);

function startApp(url: string, env: Record<string, string>): void {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-e2e-'));
  // The database only: each app makes its own secrets, as a fresh install does.
  cpSync(path.join(templateDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every browser test signs up from 127.0.0.1.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      // The journeys pay on the local test checkout, which production opens only when asked.
      PAYMENTS: 'local',
      // Due reminders are looked for every few seconds, so a test sees its reminder mail at once.
      REMINDER_INTERVAL_SECONDS: '5',
      // Trusts the local push service's certificate.
      NODE_EXTRA_CA_CERTS: pushCa,
      ...env,
    },
    stdio: ['ignore', appLog, appLog],
  });
  children.push(child);
}

startApp(E2E.appUrl, {
  GOOGLE_CLIENT_ID: 'stacklab-e2e',
  GOOGLE_CLIENT_SECRET: 'e2e-secret',
  GOOGLE_ISSUER: oidc.issuer.url!,
});
startApp(E2E.mailAppUrl, { SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}` });
startApp(E2E.localhostAppUrl, { AI_BASE_URL: `http://127.0.0.1:${E2E.modelPort}/v1`, AI_MODEL: 'e2e-model' });

/**
 * A known administrator (E2E_ADMIN) in every app, made by the real `create-admin` CLI of the built
 * app. It runs against the apps' database BEFORE they start: the embedded database belongs to one
 * process at a time, so the CLI cannot open it once an app is running.
 */
function createAdmin(dataDir: string): void {
  const result = spawnSync(
    process.execPath,
    ['dist/server/cli.js', 'create-admin', '--email', E2E_ADMIN.email, '--username', E2E_ADMIN.username, '--password', E2E_ADMIN.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`create-admin failed (${result.status}): ${result.stderr}`);
}

async function appsReady(): Promise<boolean> {
  const answers = await Promise.all(APP_URLS.map((app) => fetch(`${app}/readyz`).then((reply) => reply.ok, () => false)));
  return answers.every(Boolean);
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

/** The text part of a plain message, with quoted-printable soft breaks undone. */
function decodeBody(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
