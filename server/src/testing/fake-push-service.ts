import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One push as the push service received it: what was wrong with it, and the decrypted message when nothing was. */
export type ReceivedPush = { path: string; problems: string[]; ttl: number | null; payload: string | null; vapidSubject: string | null };

/**
 * A local Web Push service over TLS (RFC 8030), checking each push as a real one would: a VAPID
 * `Authorization: vapid t=<ES256 JWT>, k=<public key>` whose signature, audience and expiry hold
 * (RFC 8292), a TTL header, and an `aes128gcm` body (RFC 8188), which it decrypts with the
 * browser's keys (RFC 8291) so that tests read what the user would see. `answer` sets the status
 * of the next pushes (410: the subscription is gone).
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  answer = 201;
  /** The browser's side of a subscription: its ECDH key pair and auth secret. */
  private readonly browser = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);
  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly agent: Agent,
    readonly origin: string,
    /** Its TLS certificate (PEM), for a process that trusts it through NODE_EXTRA_CA_CERTS. */
    readonly certificate: string,
  ) {
    this.browser.generateKeys();
  }

  static async start(port = 0): Promise<FakePushService> {
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-push-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    const key = readFileSync(path.join(dir, 'key.pem'));
    const cert = readFileSync(path.join(dir, 'cert.pem'));
    rmSync(dir, { recursive: true, force: true });
    const holder: { service?: FakePushService } = {};
    const server = createServer({ key, cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        holder.service!.receive(request.method ?? '', request.url ?? '', request.headers, Buffer.concat(chunks));
        response.writeHead(holder.service!.answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address() as AddressInfo;
    holder.service = new FakePushService(server, new Agent({ ca: cert }), `https://127.0.0.1:${address.port}`, cert.toString('utf8'));
    return holder.service;
  }

  /** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
  subscription(name = 'device'): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } {
    return {
      endpoint: `${this.origin}/push/${name}`,
      expirationTime: null,
      keys: { p256dh: this.browser.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(method: string, url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): void {
    const problems: string[] = [];
    if (method !== 'POST') problems.push(`method ${method}`);
    const ttl = typeof headers.ttl === 'string' && /^\d+$/.test(headers.ttl) ? Number(headers.ttl) : null;
    if (ttl === null) problems.push('no TTL header');
    if (headers['content-encoding'] !== 'aes128gcm') problems.push(`content-encoding ${String(headers['content-encoding'])}`);
    const vapid = this.checkVapid(String(headers.authorization ?? ''), problems);
    let payload: string | null = null;
    try {
      payload = this.decrypt(body);
    } catch (error) {
      problems.push(`body not decryptable: ${(error as Error).message}`);
    }
    this.received.push({ path: url, problems, ttl, payload: problems.length === 0 ? payload : null, vapidSubject: vapid });
  }

  private checkVapid(header: string, problems: string[]): string | null {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
    if (!match) {
      problems.push(`authorization ${header}`);
      return null;
    }
    const [, jwt, publicKey] = match as unknown as [string, string, string];
    const [head, claims, signature] = jwt.split('.') as [string, string, string];
    const raw = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
    const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) problems.push('VAPID signature does not verify');
    const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (header_.alg !== 'ES256') problems.push(`VAPID alg ${header_.alg}`);
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
    if (body.aud !== this.origin) problems.push(`VAPID aud ${body.aud}`);
    const now = Date.now() / 1000;
    if (!body.exp || body.exp <= now || body.exp > now + 24 * 3600) problems.push(`VAPID exp ${body.exp}`);
    if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) problems.push(`VAPID sub ${body.sub}`);
    return body.sub ?? null;
  }

  /** RFC 8291 with one aes128gcm record. */
  private decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const serverKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.browser.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.browser.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end > 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}
