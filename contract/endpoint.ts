import type { z } from 'zod';

/**
 * One API call, declared once beside its feature's schemas: the server's route takes its path
 * and schemas from it, and the web's `api()` the types of its parameters, body and answer (by
 * method and path, through `api-endpoints.ts`), so both sides read one declaration (decisions 049, 062).
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: `:name` for a path parameter. */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body, or `'form'` for a multipart upload. */
  body?: z.ZodType | 'form';
  /** The answer on success. */
  response: z.ZodType;
};

/** A feature's calls by name; keeps each literal method and path for the types that read them. */
export function defineEndpoints<const T extends Record<string, Endpoint>>(endpoints: T): T {
  return endpoints;
}
