import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '#contract/api-endpoints.ts';
import type { Endpoint } from '#contract/endpoint.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { routesOf } from './access.ts';

/**
 * Every endpoint the contract declares (a `…Endpoints` export of a contract file) is a route of
 * the app with that method and path, declaring the endpoint's own schemas: the type the web's
 * `api()` gives an answer is the schema the server encodes it with (decision 049).
 */
const contractDir = path.resolve(import.meta.dirname, '../../../contract');

async function declaredEndpoints(): Promise<[string, Endpoint][]> {
  const files = (await readdir(contractDir)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'));
  const found: [string, Endpoint][] = [];
  for (const file of files) {
    const module = (await import(path.join(contractDir, file))) as Record<string, unknown>;
    for (const [exported, group] of Object.entries(module)) {
      if (!exported.endsWith('Endpoints')) continue;
      for (const [name, endpoint] of Object.entries(group as Record<string, Endpoint>)) found.push([`${exported}.${name}`, endpoint]);
    }
  }
  return found;
}

let t: TestApp;
let endpoints: [string, Endpoint][];
beforeAll(async () => {
  t = await createTestApp();
  endpoints = await declaredEndpoints();
});
afterAll(async () => {
  await t.close();
});

describe('the contract’s endpoints', () => {
  it('are routes that declare the same schemas', () => {
    expect(endpoints.length).toBeGreaterThan(0);
    const routes = routesOf(t.app);
    for (const [name, endpoint] of endpoints) {
      const route = routes.find((candidate) => candidate.method === endpoint.method && candidate.url === endpoint.path);
      expect(route, `${name}: ${endpoint.method} ${endpoint.path}`).toBeDefined();
      const schema = (route!.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, unknown> };
      const success = Object.entries(schema.response ?? {}).filter(([status]) => status.startsWith('2'));
      expect(success, `${name}: one success answer`).toHaveLength(1);
      expect(success[0]![1], `${name}: the success answer`).toBe(endpoint.response);
      expect(schema.params, `${name}: params`).toBe(endpoint.params);
      expect(schema.querystring, `${name}: query`).toBe(endpoint.query);
      if (endpoint.body !== 'form') expect(schema.body, `${name}: body`).toBe(endpoint.body);
    }
  });

  it('are all in the list the web’s calls take their types from', () => {
    const listed = new Set<Endpoint>(API_ENDPOINTS);
    const missing = endpoints.filter(([, endpoint]) => !listed.has(endpoint)).map(([name]) => name);
    expect(missing, 'add them to contract/api-endpoints.ts').toEqual([]);
  });
});
