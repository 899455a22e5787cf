import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { type Measurement, machineLine, measure, postgresAvailable, recreateDatabase, startBenchApp, table, tempDir } from './support.ts';
import { writeSection } from './results-file.ts';

/**
 * Authenticated `GET /api/user` against a bare JSON route on the same server, and against a
 * minimal authenticated read (one indexed session-to-user join) as the reference of the same
 * work. Goals: on PostgreSQL ≥ 30% of bare, on PGlite ≥ 8%.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

async function run(kind: 'pglite' | 'postgres', database: Database): Promise<Measurement[]> {
  await database.migrate();
  const { app, address } = await startBenchApp(database, (bench) => {
    bench.get('/bench/minimal-auth', { config: { access: 'public' } }, async (request) => {
      const token = request.cookies.stacklab_session ?? '';
      const rows = await database.db.execute(
        sql`select u.id, u.username from sessions s join users u on u.id = s.user_id where s.token_hash = ${hashToken(token)} and s.expires_at > now()`,
      );
      return { user: (rows as unknown as { rows: unknown[] }).rows?.[0] ?? null };
    });
  });
  const register = await fetch(`${address}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
    body: JSON.stringify({ username: `bench${Date.now()}`, email: `bench${Date.now()}@example.com`, password: 'benchmark password' }),
  });
  const cookie = register.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie };

  const bare = await measure(`${kind}: bare JSON route`, `${address}/bench/bare`, { seconds: SECONDS });
  const minimal = await measure(`${kind}: minimal authenticated read`, `${address}/bench/minimal-auth`, { headers, seconds: SECONDS });
  const user = await measure(`${kind}: GET /api/user`, `${address}/api/user`, { headers, seconds: SECONDS });
  await app.close();
  await database.close();
  const ratio = (m: Measurement) => `${((m.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}%`;
  return [bare, { ...minimal, ratio: ratio(minimal) } as Measurement, { ...user, ratio: ratio(user) } as Measurement];
}

const rows: Measurement[] = [];
rows.push(...(await run('pglite', await openPglite(tempDir('stacklab-bench-pglite-')))));
if (await postgresAvailable(ADMIN_URL)) {
  rows.push(...(await run('postgres', await openPostgres(await recreateDatabase(ADMIN_URL, 'stacklab_bench'), 10))));
} else {
  console.log(`PostgreSQL not reachable at ${ADMIN_URL}; measured PGlite only.`);
}

const markdown = `## Current user (\`GET /api/user\`)

${machineLine()}; autocannon, 50 connections, ${SECONDS} s per route, load generator on the same machine.
Goal: on PostgreSQL at least 30% of the bare route's throughput, on PGlite at least 8%.
After its first read the session (with the usage counts) is answered from the process's user cache until the database
notices a change to that user (decisions/013); the minimal authenticated read is one uncached query, for reference.

${table(rows)}
`;
console.log(markdown);
writeSection('current-user', markdown);
