import type { z } from 'zod';
import type { ApiRoute, EndpointsByRoute } from '#contract/api-endpoints.ts';
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

/** The options, which a call may leave out when it has nothing it must name. */
type OptionsArgument<E extends Endpoint> = Partial<ApiOptions<E>> extends ApiOptions<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>];

type CallOptions = { signal?: AbortSignal; params?: Record<string, string | number>; query?: unknown; body?: unknown };

/** `'GET /api/labs/:id'` → its method and path. */
export function routeParts(route: ApiRoute): { method: Endpoint['method']; path: string } {
  const [method, path] = route.split(' ') as [Endpoint['method'], string];
  return { method, path };
}

/** The address of a call: path parameters filled in, then the query in the order given. */
export function endpointUrl(path: string, options: CallOptions = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * Calls an endpoint of the contract, named by its method and path:
 * `api('GET /api/supplements/streak', { signal })`. Its options and answer are typed from that
 * endpoint (contract/api-endpoints.ts) by type only, so that calling the API loads no schema
 * (decision 062). In development and tests the answer is also checked against the endpoint's
 * response schema, so a drift fails where it is made. Throws `ApiError` as `apiFetch` does.
 */
export async function api<R extends ApiRoute>(route: R, ...[options]: OptionsArgument<EndpointsByRoute[R]>): Promise<Answer<EndpointsByRoute[R]>> {
  const call = (options ?? {}) as CallOptions;
  const { method, path } = routeParts(route);
  const answer = await apiFetch<unknown>(endpointUrl(path, call), { method, body: call.body, signal: call.signal });
  if (import.meta.env.DEV) await checkAnswer(route, answer);
  return answer as Answer<EndpointsByRoute[R]>;
}

async function checkAnswer(route: ApiRoute, answer: unknown): Promise<void> {
  const { API_ENDPOINTS } = await import('#contract/api-endpoints.ts');
  const endpoint = API_ENDPOINTS.find((candidate) => `${candidate.method} ${candidate.path}` === route);
  const result = endpoint?.response.safeParse(answer);
  if (result && !result.success) throw new Error(`${route} answered outside its contract: ${result.error.message}`);
}
