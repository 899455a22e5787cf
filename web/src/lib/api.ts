import type { z } from 'zod';
import type { Endpoint } from '#contract/endpoint.ts';
import { apiFetch } from './api-fetch.ts';

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOption<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? unknown
  : { params: Record<ParamNames<E['path']>, string | number> };
/** An option the call must give, unless its schema takes nothing for it (all optional, or undefined). */
type Named<Key extends string, T> = undefined extends T ? { [K in Key]?: T } : Record<never, never> extends T ? { [K in Key]?: T } : { [K in Key]: T };
type QueryOption<E extends Endpoint> = E extends { query: z.ZodType } ? Named<'query', z.input<E['query']>> : unknown;
type BodyOption<E extends Endpoint> = E extends { body: 'form' }
  ? { body: FormData }
  : E extends { body: z.ZodType }
    ? Named<'body', z.input<E['body']>>
    : unknown;

export type ApiOptions<E extends Endpoint> = { signal?: AbortSignal } & ParamsOption<E> & QueryOption<E> & BodyOption<E>;

/** What the server sends: its handler's value encoded by the response schema. */
export type Answer<E extends Endpoint> = z.input<E['response']>;

type CallOptions = { signal?: AbortSignal; params?: Record<string, string | number>; query?: unknown; body?: unknown };

/** The address of a call: path parameters filled in, then the query in the order given. */
export function endpointUrl(endpoint: EndpointRoute<Endpoint>, options: CallOptions = {}): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * An endpoint named by its method and path, its type taken from the contract with `import type`:
 * code on the first paint calls it this way so that the contract's schemas stay out of that
 * bundle, e.g. `api<typeof authEndpoints.session>({ method: 'GET', path: '/api/session' })`.
 */
export type EndpointRoute<E extends Endpoint> = Pick<E, 'method' | 'path'>;

/**
 * Calls an endpoint of the contract; the answer's type is its response schema's. In development
 * and tests the answer is also checked against that schema (when the endpoint itself is given),
 * so a drift fails where it is made. Throws `ApiError` as `apiFetch` does.
 */
export async function api<E extends Endpoint>(
  endpoint: E | EndpointRoute<E>,
  ...[options]: Partial<ApiOptions<E>> extends ApiOptions<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>]
): Promise<Answer<E>> {
  const call = (options ?? {}) as CallOptions;
  const answer = await apiFetch<unknown>(endpointUrl(endpoint, call), { method: endpoint.method, body: call.body, signal: call.signal });
  if (import.meta.env.DEV && 'response' in endpoint) checkAnswer(endpoint, answer);
  return answer as Answer<E>;
}

function checkAnswer(endpoint: Endpoint, answer: unknown): void {
  const result = endpoint.response.safeParse(answer);
  if (!result.success) {
    throw new Error(`${endpoint.method} ${endpoint.path} answered outside its contract: ${result.error.message}`);
  }
}
