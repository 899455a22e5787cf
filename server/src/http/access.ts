import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { MESSAGES } from '#contract/errors.ts';
import { type SessionUser, requireRecentAuthentication } from '#server/domain/user.ts';
import { AppError } from './app-error.ts';
import type { SessionCookie } from './session-cookie.ts';
import type { RouteAccess } from './fastify-types.ts';

/** The signed-in user a session token names, with their metered counts when the route reads them. */
export type SessionResolver = (token: string, options: { withUsage: boolean }) => Promise<SessionUser | null>;

/** What a registered route declares, as the access hook reads it, and its schemas. */
export type DeclaredRoute = { method: string; url: string; access: RouteAccess | undefined; schema: FastifySchema | undefined };

const registeredRoutes = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * Enforces each route's declared access (its `config.access`), read from the route the router
 * matched, never from how the request spelled its path: the router decodes and normalises a
 * path before it picks a route, so a decision taken on the raw URL can be walked around. A route
 * that declares nothing is refused to everyone; admin routes answer 404 to everyone else, so
 * that they do not even reveal that they exist.
 */
export function registerAccessControl(app: FastifyInstance, resolveSession: SessionResolver, cookie: SessionCookie): void {
  app.decorateRequest('auth', null);
  const routes: RouteOptions[] = [];
  registeredRoutes.set(app, routes);
  // Kept as registered and read later: a plugin's own onRoute hook may still declare its access.
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers, with nothing to protect.
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (!config.access) throw AppError.notFound();
    if (config.readsSession !== false) {
      const token = cookie.read(request);
      request.auth = token ? await resolveSession(token, { withUsage: config.readsUsage === true }) : null;
    }
    if (config.access === 'public') return;
    if (config.access === 'admin') {
      if (!request.auth?.user.isAdmin) throw AppError.notFound();
      return;
    }
    if (!request.auth) throw new AppError('AUTH_FAILED', MESSAGES.signInRequired);
    if (config.recentAuth) requireRecentAuthentication(request.auth);
  });
}

/** Every route registered on the app, with the access it declares (for the authorization tests). */
export function routesOf(app: FastifyInstance): DeclaredRoute[] {
  return (registeredRoutes.get(app) ?? []).flatMap((route) =>
    [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access, schema: route.schema })),
  );
}

/**
 * Registers plugins whose routes are not ours to write (the API docs, the static files) in a
 * scope that declares the given access, with no session read, on each route that declares none.
 */
export async function registerWithAccess(app: FastifyInstance, access: RouteAccess, register: (scope: FastifyInstance) => PromiseLike<unknown>): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.access) route.config = { ...route.config, access, readsSession: false };
    });
    await register(scope);
  });
}

/**
 * The path of the route that matched, with its parameters as the router decoded them: what a
 * decision about the request's path reads, whatever spelling reached the route. Empty when no
 * route matched.
 */
export function matchedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return '';
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return pattern.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => params[name ?? '*'] ?? whole);
}

const NON_CANONICAL = /\/\.|%2e|\\|\/\//i;

/**
 * The request target in its one canonical form, before the router sees it: the path of an
 * absolute-form request line, with dot segments resolved (`/a/./b`, `/a/x/../b`, `%2e`). The
 * router then decodes percent-encoding and ignores case, doubled and trailing slashes and `;`
 * parameters (`ROUTER_OPTIONS`), so every spelling of a path reaches the one route it names.
 */
export function canonicalRequestTarget(target: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
  if (!absolute && (!target.startsWith('/') || !NON_CANONICAL.test(target.split('?')[0]!))) return target;
  try {
    const url = absolute ? new URL(target) : new URL(`http://localhost${target}`);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}

export const ROUTER_OPTIONS = {
  caseSensitive: false,
  ignoreTrailingSlash: true,
  ignoreDuplicateSlashes: true,
  useSemicolonDelimiter: true,
} as const;
