import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contract/auth.ts';
import { firstCallsOf } from '#contract/page-data.ts';
import type { AnyQueryOptions } from '#web/lib/use-first-answers.ts';
import { firstQueries as dashboardFirstQueries } from './dashboard.queries.ts';
import { firstQueries as insightsFirstQueries } from './insights.queries.ts';
import { firstQueries as labsFirstQueries } from './labs.queries.ts';

afterEach(() => vi.unstubAllGlobals());

/** The paths a page's first queries ask the API for, read off the requests they make. */
async function pathsAskedBy(queries: readonly AnyQueryOptions[]): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  for (const { queryFn, queryKey } of queries) {
    if (typeof queryFn !== 'function') throw new Error(`${JSON.stringify(queryKey)} has no query function`);
    // An answer of `{}` does not suit every query; only the request matters here.
    await Promise.resolve(queryFn({ queryKey, signal: new AbortController().signal, meta: undefined } as never)).catch(() => undefined);
  }
  return asked;
}

const user = { timeZone: 'Europe/Berlin', unitSystem: 'metric' } as User;

describe("a page's first data and its document (contract/page-data.ts)", () => {
  // A first query the document does not answer holds the page's first drawing for a round trip.
  it.each([
    ['dashboard', dashboardFirstQueries],
    ['labs', labsFirstQueries],
    ['insights', insightsFirstQueries],
  ] as const)('the %s asks only for what its document carries', async (screen, firstQueries) => {
    const asked = await pathsAskedBy(firstQueries(user));
    expect(asked.length).toBeGreaterThan(0);
    expect(firstCallsOf(screen, user)).toEqual(expect.arrayContaining(asked));
  });
});
