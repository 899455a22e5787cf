import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#contract/messages.ts';
import { ApiError, apiFetch, errorFromResponse } from './api-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(implementation: (input: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('errorFromResponse', () => {
  it('keeps the server code, message and field details', () => {
    const error = errorFromResponse(409, {
      ok: false,
      code: 'CONFLICT',
      message: 'This username is already taken',
      details: [{ field: 'username', message: 'This username is already taken' }, { bogus: true }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('CONFLICT');
    expect(error.status).toBe(409);
    expect(error.message).toBe('This username is already taken');
    expect(error.details).toEqual([{ field: 'username', message: 'This username is already taken' }]);
  });

  it('shows the trial-expired text for TRIAL_EXPIRED whatever the status', () => {
    expect(errorFromResponse(403, { code: 'TRIAL_EXPIRED', message: 'x' }).message).toBe(MESSAGES.trialExpired);
    expect(errorFromResponse(401, { code: 'TRIAL_EXPIRED' }).message).toBe(MESSAGES.trialExpired);
  });

  it('falls back to the error field, then the default text, and a code from the status', () => {
    expect(errorFromResponse(500, { error: 'Boom' }).message).toBe('Boom');
    const bare = errorFromResponse(401, undefined);
    expect(bare.message).toBe(MESSAGES.authFailed);
    expect(bare.code).toBe('AUTH_FAILED');
    expect(errorFromResponse(502, 'not json').code).toBe('SERVER_ERROR');
  });

  it('carries limit information', () => {
    const error = errorFromResponse(429, { code: 'LIMIT_REACHED', message: 'Limit', limitReached: true, retryAfterSeconds: 30 });
    expect(error.limitReached).toBe(true);
    expect(error.retryAfterSeconds).toBe(30);
  });
});

describe('apiFetch', () => {
  it('sends JSON with credentials and returns the parsed answer', async () => {
    const fetchMock = stubFetch(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(apiFetch('/api/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/thing');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('throws an ApiError for a non-OK answer', async () => {
    stubFetch(async () => new Response(JSON.stringify({ ok: false, code: 'AUTH_FAILED', message: 'Nope' }), { status: 401 }));
    await expect(apiFetch('/api/user')).rejects.toMatchObject({ code: 'AUTH_FAILED', status: 401, message: 'Nope' });
  });

  it('turns a network failure into the connection error', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/user')).rejects.toMatchObject({
      code: 'CONNECTION_ERROR',
      status: 0,
      message: 'Connection error occurred',
    });
  });

  it('accepts an empty body', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
