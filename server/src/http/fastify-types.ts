import type { SessionUser } from '#server/features/auth/sessions.service.ts';

/** Who may call a route. Every route states it; the auth hook enforces it. */
export type RouteAccess = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Webhooks from providers come without an Origin of ours. */
    allowCrossOrigin?: boolean;
    /** The answer shows the user's metered counts: the auth hook reads them with the session, in one round trip. */
    readsUsage?: boolean;
    /** A page outside the API that still tells who is signed in (every page's document): the auth hook reads the session for it too. */
    readsSession?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user and session, resolved once per request by the auth hook. */
    auth: SessionUser | null;
  }
}
