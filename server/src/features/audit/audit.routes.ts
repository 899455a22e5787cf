import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '#contract/admin.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import type { AuditLog } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditLog }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/audit-log', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema, 404: errorResponseSchema } },
  }, async (request) => ({ entries: await audit.recent(request.query.limit) }));
}
