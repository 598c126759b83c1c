import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from './db/schema';
import { type CachedAuth, SessionCache } from './sessionCache';

const auth = (userId: string): CachedAuth => ({
  user: { id: userId } as UserRow,
  session: { id: `s-${userId}` } as SessionRow,
});

describe('SessionCache', () => {
  it('answers what it was given, until it is older than its age limit', () => {
    const cache = new SessionCache(1000);
    cache.set('t1', auth('u1'), 0, cache.epoch);
    expect(cache.get('t1', 999)?.user.id).toBe('u1');
    expect(cache.get('t1', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets every session of an account that changed, and only that account's", () => {
    const cache = new SessionCache();
    cache.set('phone', auth('ana'), 0, cache.epoch);
    cache.set('laptop', auth('ana'), 0, cache.epoch);
    cache.set('bo', auth('bo'), 0, cache.epoch);
    cache.forgetUser('ana');
    expect(cache.get('phone', 1)).toBeUndefined();
    expect(cache.get('laptop', 1)).toBeUndefined();
    expect(cache.get('bo', 1)?.user.id).toBe('bo');
  });

  it('does not keep a read that a change overtook (it may hold what was just changed)', () => {
    const cache = new SessionCache();
    const readAt = cache.epoch;
    cache.forgetUser('ana'); // announced while the read was on its way
    cache.set('phone', auth('ana'), 0, readAt);
    expect(cache.get('phone', 1)).toBeUndefined();
  });

  it('lets the oldest go first beyond its size', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('a', auth('a'), 0, cache.epoch);
    cache.set('b', auth('b'), 0, cache.epoch);
    cache.set('c', auth('c'), 0, cache.epoch);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.user.id).toBe('b');
    expect(cache.get('c', 1)?.user.id).toBe('c');
    expect(cache.size).toBe(2);
  });
});
