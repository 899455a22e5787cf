import type { SessionUser } from '#server/domain/user.ts';

/** Who may call a route. Every route states it; the access hook enforces it and refuses a route that does not. */
export type RouteAccess = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Webhooks from providers come without an Origin of ours. */
    allowCrossOrigin?: boolean;
    /** The answer shows the user's metered counts: the auth hook reads them with the session, in one round trip. */
    readsUsage?: boolean;
    /** False for answers that never depend on who asks (static files, probes): the access hook then reads no session. */
    readsSession?: boolean;
    /** A sensitive action: the signed-in user must have proved who they are in the last minutes (REAUTH_REQUIRED otherwise). */
    recentAuth?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user and session, resolved once per request by the auth hook. */
    auth: SessionUser | null;
  }
}
