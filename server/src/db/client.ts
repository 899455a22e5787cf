import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The same query builder over PGlite and node-postgres; repositories see only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** A trivial round trip, for /readyz. */
  ping(): Promise<void>;
  /**
   * Passes on the notifications of `channel` (`pg_notify`, sent at commit). `listening(false)`
   * says some may be missed from now on (the listening connection broke); `listening(true)` that
   * they arrive again, though any sent in between were lost.
   */
  listen(channel: string, subscriber: NotificationSubscriber): Promise<void>;
  close(): Promise<void>;
};

export type NotificationSubscriber = { notified(payload: string): void; listening(live: boolean): void };

/**
 * The migrations folder sits beside this file in the source tree and is copied beside the
 * bundle by the build, so both layouts find it the same way.
 */
export const MIGRATIONS_DIR =
  process.env.STACKLAB_MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// A fixed key for pg_advisory_lock so that app processes starting together migrate one at a time.
const MIGRATION_LOCK_KEY = 7_319_004_211;

export async function openDatabase(config: Config['database']): Promise<Database> {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url, config.poolSize);
}

/** `dataDir` undefined gives an in-memory database; `loadDataDir` restores a dumped one. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns the database and hears every commit, before the committing call returns.
    listen: async (channel, subscriber) => {
      await client.listen(channel, subscriber.notified);
      subscriber.listening(true);
    },
    close: async () => {
      await client.close();
      unlock();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server (a restart) emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, PostgresListener>();
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, subscriber) => {
      const existing = listeners.get(channel);
      if (existing) return existing.add(subscriber);
      const listener = new PostgresListener(url, channel, subscriber);
      listeners.set(channel, listener);
      await listener.start();
    },
    close: async () => {
      await Promise.all([...listeners.values()].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

const RELISTEN_DELAY_MS = 1_000;

/**
 * A connection of its own per channel that stays in LISTEN (a pooled one would be handed to
 * queries). When it breaks (a server restart, a network cut) the subscribers hear so at once, and
 * it connects again every second until it can listen.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private live = false;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly subscribers: NotificationSubscriber[];

  constructor(
    private readonly url: string,
    private readonly channel: string,
    subscriber: NotificationSubscriber,
  ) {
    this.subscribers = [subscriber];
  }

  add(subscriber: NotificationSubscriber): void {
    this.subscribers.push(subscriber);
    subscriber.listening(this.live);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      for (const subscriber of this.subscribers) subscriber.notified(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
      this.setLive(true);
    } catch {
      this.lost(client);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }

  private setLive(live: boolean): void {
    this.live = live;
    for (const subscriber of this.subscribers) subscriber.listening(live);
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.setLive(false);
    client.end().catch(() => {});
    if (!this.stopped) this.retry = setTimeout(() => void this.start(), RELISTEN_DELAY_MS);
  }
}
