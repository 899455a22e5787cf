import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { API_ENDPOINTS } from '#contract/api-endpoints.ts';
import type { Medication } from '#contract/interactions.ts';
import { api, endpointUrl, routeParts } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const medication: Medication = {
  id: 'm1',
  kind: 'medication',
  name: 'Levothyroxine',
  strength: '50 mcg',
  schedule: null,
  startedOn: null,
  note: null,
  createdAt: '2026-01-02T08:00:00.000Z',
  updatedAt: '2026-01-02T08:00:00.000Z',
};

function answerWith(body: unknown) {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('endpointUrl', () => {
  it('fills the path parameters, encoded, and adds the query in order', () => {
    expect(endpointUrl('/api/files/:fileId/notes/:day', { params: { fileId: 'a/b', day: '2026-01-02' }, query: { units: 'si', page: 2, skip: undefined } })).toBe(
      '/api/files/a%2Fb/notes/2026-01-02?units=si&page=2',
    );
    expect(endpointUrl('/api/notes')).toBe('/api/notes');
  });
});

describe('api', () => {
  it('sends the endpoint’s method and body and answers in its response type', async () => {
    const fetchMock = answerWith(medication);
    const answer = await api('PUT /api/medications/:id', { params: { id: 'm 1' }, body: { name: 'Levothyroxine' } });
    expectTypeOf(answer).toEqualTypeOf<Medication>();
    expect(answer).toEqual(medication);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/medications/m%201');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"name":"Levothyroxine"}');
  });

  it('refuses, in tests and development, an answer outside the contract', async () => {
    answerWith({ name: 'Levothyroxine' });
    await expect(api('PUT /api/medications/:id', { params: { id: 'm1' }, body: { name: 'Levothyroxine' } })).rejects.toThrow(
      'PUT /api/medications/:id answered outside its contract',
    );
  });

  it('types what a call must name', () => {
    expectTypeOf(api<'GET /api/medications'>).parameter(1).toEqualTypeOf<{ signal?: AbortSignal } | undefined>();
    // @ts-expect-error: a path parameter is missing
    expectTypeOf(api<'PUT /api/medications/:id'>).toBeCallableWith('PUT /api/medications/:id', { body: { name: 'x' } });
    // @ts-expect-error: no endpoint has this method and path
    expectTypeOf(api).toBeCallableWith('GET /api/medications/:id');
  });

  it('names each endpoint of the contract by a route no other endpoint has', () => {
    const routes = API_ENDPOINTS.map(({ method, path }) => `${method} ${path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routeParts('DELETE /api/medications/:id')).toEqual({ method: 'DELETE', path: '/api/medications/:id' });
  });
});
