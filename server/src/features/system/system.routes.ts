import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authEndpoints, type PublicConfig } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { type PlanCatalogue, plansEndpoints, yearlySavingsPercent } from '#contract/plans.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';

type Dependencies = {
  database: Database;
  plans: PlanCatalogue;
  publicConfig: PublicConfig;
  priceIds: Record<string, string>;
  /** False once shutdown has begun, so a load balancer stops sending new work. */
  isAcceptingWork: () => boolean;
};

/** Liveness, readiness, and the public settings and plan catalogue the web reads before sign-in. */
export async function systemRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/healthz', { config: { access: 'public', readsSession: false }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  r.get('/readyz', { config: { access: 'public', readsSession: false }, schema: { hide: true } }, async (request, reply) => {
    if (!deps.isAcceptingWork()) return reply.status(503).send({ status: 'shutting-down' });
    try {
      await deps.database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'database-unavailable' });
    }
  });

  r.get(authEndpoints.publicConfig.path, {
    config: { access: 'public' },
    schema: { tags: ['system'], response: { 200: authEndpoints.publicConfig.response } },
  }, async () => deps.publicConfig);

  r.get(plansEndpoints.plans.path, {
    config: { access: 'public' },
    schema: { tags: ['plans'], response: { 200: plansEndpoints.plans.response } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return {
      catalogue: deps.plans,
      savings: {
        starter: yearlySavingsPercent(deps.plans.tiers.starter.prices),
        pro: yearlySavingsPercent(deps.plans.tiers.pro.prices),
      },
      priceIds: deps.priceIds,
    };
  });

  // Anything under /api that no route matched is a 404 in the API's own shape, never the web page.
  r.all('/api/*', { config: { access: 'public' }, schema: { hide: true, response: { 404: errorResponseSchema } } }, async () => {
    throw AppError.notFound();
  });
}
