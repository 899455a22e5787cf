import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { type DeclaredRoute, routesOf } from './access.ts';
import { AUTHORIZATION_MATRIX, type Caller, type Seed } from './authorization-matrix.ts';
import { type Callers, seedCallers } from './security.test-helpers.ts';

/**
 * Every route Fastify registered (pages, the API, `/auth/*`, `/billing/*`, the docs, static
 * files), asked over a raw socket by each caller under every spelling that reaches it: no
 * spelling may open what the canonical one refuses, and none may fail with a 5xx. Access is
 * decided before any query, so this runs on one database.
 */
const CALLERS: Caller[] = ['anonymous', 'other', 'owner', 'admin'];

let t: TestApp;
let webDir: string;
let port: number;
let seed: Seed;
let cookies: Record<Caller, string | undefined>;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'stacklab-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>StackLab</title></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(webDir, 'assets', 'app-Ab12.js'), 'export {};');
  t = await createTestApp({}, { webDir });
  let clients: Callers['clients'];
  ({ seed, clients } = await seedCallers(t));
  cookies = Object.fromEntries(CALLERS.map((caller) => [caller, clients[caller].sessionCookie])) as typeof cookies;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

type Segment = { text: string; fixed: boolean };

/** The route's path as segments, its parameters filled with the owner's ids where the matrix names them. */
function segmentsOf(route: DeclaredRoute): Segment[] {
  const matrixKey = `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
  const params = AUTHORIZATION_MATRIX[matrixKey]?.params ?? {};
  return route.url
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return { text: route.url === '/*' ? 'labs' : 'anything', fixed: false };
      if (!part.startsWith(':')) return { text: part, fixed: true };
      const field = params[part.slice(1)];
      return { text: encodeURIComponent(field ? String(seed[field]) : '00000000-0000-4000-8000-000000000000'), fixed: false };
    });
}

const join = (segments: Segment[]) => `/${segments.map((segment) => segment.text).join('/')}`;
const encodeLetter = (letter: string, upper: boolean) => {
  const hex = letter.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** Every other way of writing `segments` that names the same route. */
function spellingsOf(segments: Segment[]): string[] {
  const canonical = join(segments);
  const rewrite = (change: (segment: Segment) => string) => join(segments.map((segment) => ({ ...segment, text: segment.fixed ? change(segment) : segment.text })));
  const spellings = new Set<string>();
  // Each fixed segment with its first letter percent-encoded (as %61 and as %6D: both hex cases), then every letter.
  segments.forEach((segment, i) => {
    const at = segment.text.search(/[a-z]/i);
    if (!segment.fixed || at < 0) return;
    const text = segment.text.slice(0, at) + encodeLetter(segment.text[at]!, i % 2 === 1) + segment.text.slice(at + 1);
    spellings.add(join(segments.map((other, j) => (j === i ? { ...other, text } : other))));
  });
  spellings.add(rewrite((segment) => segment.text.replace(/[a-z]/gi, (letter) => encodeLetter(letter, false))));
  spellings.add(`http://127.0.0.1:${port}${canonical}`);
  spellings.add(`/${canonical}`);
  spellings.add(canonical.replace(/\/(?=[^/]*$)/, '//'));
  spellings.add(`${canonical}/`);
  spellings.add(`/.${canonical}`);
  spellings.add(`/zz/..${canonical}`);
  spellings.add(`/%2e${canonical}`);
  spellings.add(rewrite((segment) => segment.text.toUpperCase()));
  spellings.add(`${canonical};x=1`);
  spellings.delete(canonical);
  return [...spellings];
}

type Answer = { status: number; head: string };

/** One request as written, over its own connection: nothing between us and the server tidies the request line. */
function ask(method: string, target: string, caller: Caller): Promise<Answer> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  if (cookies[caller]) lines.push(`Cookie: stacklab_session=${cookies[caller]}`);
  // An empty JSON body: whatever the route would change needs more than this, so nothing is changed.
  const body = method === 'GET' || method === 'HEAD' ? '' : '{}';
  if (body) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, head: received.slice(0, 200) });
    });
  });
}

/** Routes that end the caller's session go last, so that every other call is made signed in. */
function inOrder(routes: DeclaredRoute[]): DeclaredRoute[] {
  const endsSession = (route: DeclaredRoute) => route.url === '/api/logout';
  return [...routes.filter((route) => !endsSession(route)), ...routes.filter(endsSession)];
}

describe('every spelling of every route', () => {
  it('declares its access on every registered route', () => {
    const routes = routesOf(t.app);
    expect(routes.length).toBeGreaterThan(150);
    for (const prefix of ['/api/', '/auth/', '/billing/', '/api/docs', '/learn', '/*']) {
      expect(routes.some((route) => route.url.startsWith(prefix)), `a route under ${prefix}`).toBe(true);
    }
    expect(routes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answers no spelling with more than the canonical path, and none with a 5xx', { timeout: 1_800_000 }, async () => {
    const problems: string[] = [];
    for (const route of inOrder(routesOf(t.app))) {
      const segments = segmentsOf(route);
      const canonical = join(segments);
      for (const caller of CALLERS) {
        const expected = await ask(route.method, canonical, caller);
        if (expected.status >= 500 || expected.status === 0) problems.push(`${caller} ${route.method} ${canonical}: ${expected.head}`);
        const refused = expected.status < 200 || expected.status >= 300;
        for (const spelling of spellingsOf(segments)) {
          const answer = await ask(route.method, spelling, caller);
          if (answer.status >= 500 || answer.status === 0 || (refused && answer.status < 300)) {
            problems.push(`${caller} ${route.method} ${spelling}: ${answer.status} where ${canonical} answers ${expected.status}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
