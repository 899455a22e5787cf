import { z } from 'zod';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  createdAt: z.string(),
});
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export const auditLogQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
