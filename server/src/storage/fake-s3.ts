import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible server for tests: PutObject, GetObject and DeleteObject with path-style
 * addressing (`/bucket/key`), refusing requests that are not SigV4-signed with the expected key id.
 */
export type FakeS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
};

export async function startFakeS3(options: { bucket?: string; accessKeyId?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'stacklab-test';
  const accessKeyId = options.accessKeyId ?? 'AKIATESTFAKE';
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: { method: string; path: string }[] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: request.method ?? '', path });
    const body = await readBody(request);
    const reply = (status: number, code?: string, payload?: Buffer, headers: Record<string, string> = {}) => {
      if (code) {
        const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
        response.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake' });
        response.end(xml);
        return;
      }
      response.writeHead(status, { 'x-amz-request-id': 'fake', ...headers });
      response.end(payload);
    };
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !request.headers['x-amz-date']) {
      return reply(403, 'AccessDenied');
    }
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix) || path.length === prefix.length) return reply(404, 'NoSuchBucket');
    const key = path.slice(prefix.length);
    switch (request.method) {
      case 'PUT':
        objects.set(key, { body, contentType: request.headers['content-type'] });
        return reply(200, undefined, undefined, { etag: '"fake"' });
      case 'GET': {
        const object = objects.get(key);
        if (!object) return reply(404, 'NoSuchKey');
        return reply(200, undefined, object.body, {
          'content-type': object.contentType ?? 'application/octet-stream',
          'content-length': String(object.body.byteLength),
        });
      }
      case 'DELETE':
        objects.delete(key);
        return reply(204);
      default:
        return reply(405, 'MethodNotAllowed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'fake-secret-key',
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
