import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { matchedPath } from './access.ts';
import { AppError } from './app-error.ts';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix and the labs chart (its tooltip, height and supplement bars) position elements with inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers on every answer, `no-store` on every API answer (they carry user data unless a route
 * says otherwise), and a same-origin check on every mutation so that no other site can act with
 * a user's cookie.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (!MUTATING_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, publicOrigin)) {
      throw new AppError('BAD_ORIGIN', 'This request did not come from StackLab.');
    }
  });

  // PostgreSQL cannot store U+0000 in text and fails the query: refused here, before any query runs.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['query', request.query], ['params', request.params], ['body', request.body]] as const) {
      const field = fieldWithNul(value, part);
      if (field) throw AppError.validation(field, 'Text cannot contain the NUL character (U+0000).');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (config.secureCookies) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Decided by the route that answered, whatever spelling reached it.
    const route = matchedPath(request);
    // Share links are for one clinician: never indexed, and the token never leaves in a Referer.
    if (route.startsWith('/share/') || route.startsWith('/api/share/')) {
      reply.header('x-robots-tag', 'noindex, nofollow');
      reply.header('referrer-policy', 'no-referrer');
    }
    if (route.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * Browsers send Origin on every cross-origin and every non-GET fetch, and Sec-Fetch-Site on all
 * requests. A request with neither comes from a non-browser client, which has no victim's cookie
 * to abuse unless it carries one itself.
 */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.routeOptions.config?.allowCrossOrigin) return true;
  const origin = request.headers.origin;
  if (origin) return origin === publicOrigin || originMatchesHost(origin, request.headers.host);
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  return true;
}

function originMatchesHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The path of the first string holding U+0000 in a parsed query, params or JSON body (raw buffers are not text). */
function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNul(item, path === 'body' ? key : `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}
