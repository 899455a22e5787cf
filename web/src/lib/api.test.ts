import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoints } from '#contract/endpoint.ts';
import { api, endpointUrl } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const endpoints = defineEndpoints({
  note: {
    method: 'PUT',
    path: '/api/files/:fileId/notes/:day',
    query: z.object({ units: z.enum(['si', 'conventional']).default('si') }),
    body: z.object({ text: z.string() }),
    response: z.object({ text: z.string(), day: z.string() }),
  },
  list: { method: 'GET', path: '/api/notes', response: z.array(z.string()) },
});

function answerWith(body: unknown) {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('endpointUrl', () => {
  it('fills the path parameters, encoded, and adds the query in order', () => {
    expect(endpointUrl(endpoints.note, { params: { fileId: 'a/b', day: '2026-01-02' }, query: { units: 'si', page: 2, skip: undefined } })).toBe(
      '/api/files/a%2Fb/notes/2026-01-02?units=si&page=2',
    );
    expect(endpointUrl(endpoints.list)).toBe('/api/notes');
  });
});

describe('api', () => {
  it('sends the endpoint’s method and body and answers in its response type', async () => {
    const fetchMock = answerWith({ text: 'hi', day: '2026-01-02' });
    const answer = await api(endpoints.note, { params: { fileId: 'f', day: '2026-01-02' }, body: { text: 'hi' } });
    expectTypeOf(answer).toEqualTypeOf<{ text: string; day: string }>();
    expect(answer).toEqual({ text: 'hi', day: '2026-01-02' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/files/f/notes/2026-01-02');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"text":"hi"}');
  });

  it('refuses, in tests and development, an answer outside the contract', async () => {
    answerWith({ text: 'hi' });
    await expect(api(endpoints.note, { params: { fileId: 'f', day: 'd' }, body: { text: 'hi' } })).rejects.toThrow(
      'PUT /api/files/:fileId/notes/:day answered outside its contract',
    );
  });

  it('types what a call must name', () => {
    expectTypeOf(api<typeof endpoints.list>).parameter(1).toEqualTypeOf<{ signal?: AbortSignal } | undefined>();
    // @ts-expect-error: a path parameter is missing
    expectTypeOf(api<typeof endpoints.note>).toBeCallableWith(endpoints.note, { params: { fileId: 'f' }, body: { text: 'hi' } });
  });
});
