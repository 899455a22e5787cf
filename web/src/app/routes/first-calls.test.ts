import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contract/auth.ts';
import { firstQueriesOf } from '#contract/page-data.ts';
import type { AnyQueryOptions } from '#web/lib/use-first-answers.ts';
import { firstQueries as dashboardFirstQueries } from './dashboard.queries.ts';
import { firstQueries as insightsFirstQueries } from './insights.queries.ts';
import { firstQueries as labsFirstQueries } from './labs.queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** Each query's key, the path it asks the API for and what it keeps of the answer, read off a run of its query function. */
async function run(queries: readonly AnyQueryOptions[]) {
  // A marker stands for each answer; the check of answers against their schemas is another test's.
  vi.stubEnv('DEV', false);
  const ran = [];
  for (const { queryFn, queryKey } of queries) {
    if (typeof queryFn !== 'function') throw new Error(`${JSON.stringify(queryKey)} has no query function`);
    const answer = { answeredFor: queryKey };
    let path: string | undefined;
    vi.stubGlobal('fetch', async (url: string) => {
      path = url;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const kept = await queryFn({ queryKey, signal: new AbortController().signal, meta: undefined } as never);
    ran.push({ queryKey, path, keptAsSent: JSON.stringify(kept) === JSON.stringify(answer) });
  }
  return ran;
}

const user = { timeZone: 'Europe/Berlin', unitSystem: 'metric' } as User;

describe("a page's first data and its document (contract/page-data.ts)", () => {
  // A first query the document does not answer holds the page's first drawing for a round trip;
  // one under another key, or kept otherwise than the API sent it, would not be found in the cache.
  it.each([
    ['dashboard', dashboardFirstQueries],
    ['labs', labsFirstQueries],
    ['insights', insightsFirstQueries],
  ] as const)('the %s asks only for what its document carries, under the same keys, kept as sent', async (screen, firstQueries) => {
    const ran = await run(firstQueries(user));
    expect(ran.length).toBeGreaterThan(0);
    const carried = firstQueriesOf(screen, user).map(({ queryKey, path }) => ({ queryKey, path, keptAsSent: true }));
    expect(carried).toEqual(expect.arrayContaining(ran));
  });
});
