import { afterEach, expect, it, vi } from 'vitest';
import { UserCache } from './user-cache.ts';

afterEach(() => vi.useRealTimers());

function listeningCache(ttlMs = 1_000, maxEntries = 10) {
  const cache = new UserCache<string>(ttlMs, maxEntries);
  cache.listening(true);
  return cache;
}

it('keeps nothing until it listens, and forgets everything when it stops', () => {
  const cache = new UserCache<string>(1_000);
  cache.set('token', 'user', 'alice', cache.readStarted());
  expect(cache.get('token')).toBeUndefined();
  cache.listening(true);
  cache.set('token', 'user', 'alice', cache.readStarted());
  expect(cache.get('token')).toBe('alice');
  cache.listening(false);
  expect(cache.get('token')).toBeUndefined();
});

it("forgets every session of a user named in a notice, and only theirs", () => {
  const cache = listeningCache();
  cache.set('laptop', 'alice', 'alice on laptop', cache.readStarted());
  cache.set('phone', 'alice', 'alice on phone', cache.readStarted());
  cache.set('desk', 'bob', 'bob', cache.readStarted());
  cache.notified('alice');
  expect([cache.get('laptop'), cache.get('phone'), cache.get('desk')]).toEqual([undefined, undefined, 'bob']);
});

it('does not keep a read that began before a notice: it may have seen the rows before the change', () => {
  const cache = listeningCache();
  const readStarted = cache.readStarted();
  cache.notified('alice');
  cache.set('laptop', 'alice', 'alice before the change', readStarted);
  expect(cache.get('laptop')).toBeUndefined();
});

it('lets entries expire, and drops the oldest when full', () => {
  vi.useFakeTimers();
  const cache = listeningCache(1_000, 2);
  cache.set('a', 'u1', 'first', cache.readStarted());
  cache.set('b', 'u2', 'second', cache.readStarted());
  cache.set('c', 'u3', 'third', cache.readStarted());
  expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'second', 'third']);
  vi.advanceTimersByTime(1_001);
  expect(cache.get('b')).toBeUndefined();
});
