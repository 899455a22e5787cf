import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorResponse, MESSAGES } from '#contract/errors.ts';
import { StorageFullError } from '#server/storage/file-store.ts';
import { AppError } from './app-error.ts';

/** Seconds a client is asked to wait when the database or the file store is briefly out of reach. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One place maps every failure to an answer. Clients get a code and a readable message;
 * stack traces, SQL and library internals stay in the server log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorResponse(error);
    const status = statusOf(error, body);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    if (body.retryAfterSeconds !== undefined) reply.header('retry-after', String(body.retryAfterSeconds));
    reply.header('cache-control', 'no-store');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = { ok: false, code: 'NOT_FOUND', message: MESSAGES.notFound };
    reply.header('cache-control', 'no-store');
    return reply.status(404).send(body);
  });
}

function toErrorResponse(error: FastifyError): ErrorResponse {
  if (error instanceof AppError) {
    return { ok: false, code: error.code, message: error.message, ...error.extra };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      field: fieldName(issue.instancePath, issue.params),
      message: issue.message ?? 'Invalid value',
    }));
    return { ok: false, code: 'VALIDATION_FAILED', message: details[0]?.message ?? 'Invalid request', details };
  }
  if (error instanceof StorageFullError) {
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: MESSAGES.storageFull, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
  if (isDatabaseUnavailable(error)) {
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
  if (isResponseSerializationError(error)) {
    return { ok: false, code: 'SERVER_ERROR', message: MESSAGES.serverError };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { ok: false, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { ok: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not accepted here.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { ok: false, code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' };
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (malformed bodies and the like): safe to name, never detailed.
    return { ok: false, code: 'VALIDATION_FAILED', message: 'The request could not be read.' };
  }
  return { ok: false, code: 'SERVER_ERROR', message: MESSAGES.serverError };
}

function statusOf(error: FastifyError, body: ErrorResponse): number {
  if (error instanceof AppError) return error.statusCode;
  if (body.code === 'SERVER_ERROR') return 500;
  if (body.code === 'SERVICE_UNAVAILABLE') return 503;
  if (body.code === 'PAYLOAD_TOO_LARGE') return 413;
  if (body.code === 'UNSUPPORTED_MEDIA_TYPE') return 415;
  return 400;
}

/** PostgreSQL SQLSTATEs of a server going away or not yet accepting connections (class 08, and 57P01-57P03). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A query that failed because the database is out of reach (restarting, or the network), not
 * because of the query: worth a 503 and a retry. The driver's error may sit under the query
 * builder's as its cause.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (/^Connection terminated|timeout exceeded when trying to connect/.test(current.message)) return true;
  }
  return false;
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = (params as { keys?: string[] } | undefined)?.keys;
  if (keys && keys.length > 0) return [path, ...keys].filter(Boolean).join('.');
  return path || 'body';
}
