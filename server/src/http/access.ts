import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '#contract/errors.ts';
import type { SessionService } from '#server/features/auth/sessions.service.ts';
import type { UsageService } from '#server/features/usage/usage.service.ts';
import { AppError } from './app-error.ts';
import type { SessionCookie } from './session-cookie.ts';
import type { RouteAccess } from './fastify-types.ts';

/**
 * Resolves the session once per request and enforces the route's declared access. API routes
 * that declare nothing need a signed-in user; admin routes answer 404 to everyone else, so
 * that they do not even reveal that they exist.
 */
export function registerAccessControl(app: FastifyInstance, sessions: SessionService, cookie: SessionCookie, usage: UsageService): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const { config, url } = request.routeOptions;
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/auth/');
    if (!isApi && !config?.readsSession) return;
    const token = cookie.read(request);
    request.auth = token ? await sessions.resolve(token, config?.readsUsage ? usage.windows() : undefined) : null;

    const access = config?.access ?? defaultAccess(url);
    if (access === 'public') return;
    if (access === 'admin') {
      if (!request.auth?.user.isAdmin) throw AppError.notFound();
      return;
    }
    if (!request.auth) throw new AppError('AUTH_FAILED', MESSAGES.signInRequired);
  });
}

/** Our routes state their access; the only routes we do not declare ourselves are the API docs. */
function defaultAccess(routeUrl: string | undefined): RouteAccess {
  if (!routeUrl || routeUrl.startsWith('/api/docs')) return 'public';
  return 'user';
}
