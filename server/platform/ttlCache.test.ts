import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttlCache';

describe('TtlCache', () => {
  it('loads once per key within the time, and again after it', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares a load in progress, and keeps no failure', async () => {
    const cache = new TtlCache<string>(1000);
    let calls = 0;
    const slow = () =>
      new Promise<string>((resolve) => {
        calls += 1;
        setTimeout(() => resolve('x'), 5);
      });
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual(['x', 'x']);
    expect(calls).toBe(1);

    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = new TtlCache<number>(60_000, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('a', async () => {
      reloaded = true;
      return 1;
    });
    expect(reloaded).toBe(true);
  });
});
