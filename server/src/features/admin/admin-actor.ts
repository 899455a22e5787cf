import type { FastifyRequest } from 'fastify';

/** Who did an admin action, for the audit log (who, what, when). */
export type Actor = { id: string; ipAddress: string };

export function actorOf(request: FastifyRequest): Actor {
  return { id: request.auth!.user.id, ipAddress: request.ip };
}
