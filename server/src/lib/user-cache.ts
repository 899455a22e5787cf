import type { NotificationSubscriber } from '#server/db/client.ts';

/**
 * The database channel on which triggers name a user whose data changed: their user row,
 * sessions, usage, intake or notes (migration 0008).
 */
export const USER_CHANGED_CHANNEL = 'user_changed';

type Entry<T> = { value: T; userId: string; expiresAt: number };

/**
 * Reads of one user's data kept in memory (their session, their day, their streak), so that the
 * reads made on every page view usually need no round trip. The database says when to forget:
 * every commit that changes a user's data notifies USER_CHANGED_CHANNEL with the user's id,
 * whichever process or tool made it, and every process drops that user's entries. Entries also
 * expire after `ttlMs`, which bounds what time alone or shared data changes (a rolling usage
 * window, an administrator's edit of a reference upper limit). While notifications may be missed
 * nothing is served from here, and a cache that never listens (caching turned off) passes every
 * read through.
 */
export class UserCache<T> implements NotificationSubscriber {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private live = false;
  // Bumped whenever anything is forgotten: a read that began before then may have seen the old rows.
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.live || entry.expiresAt <= Date.now()) {
      this.delete(key, entry.userId);
      return undefined;
    }
    return entry.value;
  }

  /** The kept value of `key`, else what `load` reads, kept for next time. */
  async getOrLoad(key: string, userId: string, load: () => Promise<T>): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const readStarted = this.readStarted();
    const value = await load();
    this.set(key, userId, value, readStarted);
    return value;
  }

  /** Taken before reading the database; `set` then keeps the result only if nothing was forgotten since. */
  readStarted(): number {
    return this.generation;
  }

  set(key: string, userId: string, value: T, readStartedAt: number): void {
    if (!this.live || readStartedAt !== this.generation) return;
    this.delete(key, this.entries.get(key)?.userId);
    if (this.entries.size >= this.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.delete(oldestKey, oldest.userId);
    }
    this.entries.set(key, { value, userId, expiresAt: Date.now() + this.ttlMs });
    let keys = this.keysByUser.get(userId);
    if (!keys) this.keysByUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  notified = (userId: string): void => {
    this.generation += 1;
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  };

  listening = (live: boolean): void => {
    this.generation += 1;
    this.entries.clear();
    this.keysByUser.clear();
    this.live = live;
  };

  private delete(key: string, userId: string | undefined): void {
    this.entries.delete(key);
    if (userId === undefined) return;
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }
}
