import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChangeFeed, FORGET_ALL } from './changeFeed';
import { postgresChangeFeed } from './postgresChangeFeed';

// The PostgreSQL feed needs a PostgreSQL server: CI's second pass (TEST_DATABASE_URL).
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the PostgreSQL change feed (issue #18)', () => {
  let pool: pg.Pool;
  let feed: ChangeFeed;
  const heard: string[] = [];
  /** What sync() said at the moment everything was forgotten. */
  const syncWhenForgetting: unknown[] = [];
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
    feed = postgresChangeFeed(url!, pool);
    feed.on('tripmates_trip', (payload) => {
      heard.push(payload);
      if (payload === FORGET_ALL) syncWhenForgetting.push(feed.sync());
    });
  });
  afterAll(async () => {
    await feed.close();
    await pool.end();
  });

  it('is in sync only once every change committed before the call has been heard', async () => {
    await vi.waitFor(async () => expect(await feed.sync()).toBe(true), { timeout: 10_000 });
    await pool.query("select pg_notify('tripmates_trip', 'trip-1')");
    // No waiting for the announcement: the barrier is what guarantees it has arrived.
    expect(await feed.sync()).toBe(true);
    expect(heard).toContain('trip-1');

    // Requests waiting together share the barrier, and each sees what came before.
    await pool.query("select pg_notify('tripmates_trip', 'trip-2')");
    expect(await Promise.all([feed.sync(), feed.sync(), feed.sync()])).toEqual([true, true, true]);
    expect(heard).toContain('trip-2');
  });

  it('forgets everything and is out of sync while its connection is lost, then recovers', async () => {
    await vi.waitFor(async () => expect(await feed.sync()).toBe(true), { timeout: 10_000 });
    heard.length = 0;
    syncWhenForgetting.length = 0;
    await pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [feed.name],
    );
    await vi.waitFor(() => expect(heard).toContain(FORGET_ALL));
    expect(syncWhenForgetting[0]).toBe(false);
    // It listens again by itself, and then changes are heard again.
    await vi.waitFor(async () => expect(await feed.sync()).toBe(true), { timeout: 10_000 });
    await pool.query("select pg_notify('tripmates_trip', 'trip-3')");
    expect(await feed.sync()).toBe(true);
    expect(heard).toContain('trip-3');
  });
});
