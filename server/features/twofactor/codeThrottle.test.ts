import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import { loginThrottles } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { createTestDatabase } from '../../test/testDatabase';
import {
  claimCodeCheck,
  codeLockMs,
  FIRST_CODE_LOCK_MS,
  LONGEST_CODE_LOCK_MS,
  MAX_WRONG_CODES_PER_ACCOUNT,
} from './codeThrottle';

describe('codeLockMs', () => {
  it('doubles with each lock in a row, up to a day', () => {
    const minutes = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => codeLockMs(n) / 60_000);
    expect(minutes).toEqual([15, 30, 60, 120, 240, 480, 960, 1440]);
    expect(codeLockMs(0)).toBe(FIRST_CODE_LOCK_MS);
    expect(codeLockMs(1000)).toBe(LONGEST_CODE_LOCK_MS);
  });
});

describe('claimCodeCheck', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const row = async (userId: string) =>
    (
      await database.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, `code:${userId}`))
    )[0];

  // The lock is taken in the claiming statement itself, its length worked out in SQL from the
  // locks so far: it must be codeLockMs of them, whichever lock in a row it is.
  it.each([0, 1, 2, 6, 7, 8, 40])(
    'locks for codeLockMs(%i) at the tenth claim after that many locks',
    async (lockouts) => {
      const userId = randomUUID();
      const now = new Date('2030-01-01T12:00:00Z');
      await database.db.insert(loginThrottles).values({
        key: `code:${userId}`,
        failures: MAX_WRONG_CODES_PER_ACCOUNT - 1,
        lockouts,
        updatedAt: now,
      });
      const { locksUntil } = await claimCodeCheck(database.db, userId, now);
      expect(locksUntil!.getTime() - now.getTime()).toBe(codeLockMs(lockouts));
      expect(await row(userId)).toMatchObject({ lockouts: lockouts + 1, lockedUntil: locksUntil });

      // Locked: refused, saying how long, and nothing is counted.
      const later = new Date(now.getTime() + 60_000);
      const refused = await claimCodeCheck(database.db, userId, later).catch((error) => error);
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ code: 'account_locked' });
      expect(refused.message).toContain(`${codeLockMs(lockouts) / 60_000 - 1} minutes`);

      // Once the lock has run out the count starts over; the number of locks stays.
      const after = new Date(locksUntil!.getTime() + 1);
      expect(await claimCodeCheck(database.db, userId, after)).toEqual({ locksUntil: null });
      expect(await row(userId)).toMatchObject({
        failures: 1,
        lockedUntil: null,
        lockouts: lockouts + 1,
      });
    },
  );

  it('checks the first 9 claims in a row without locking, the tenth locks', async () => {
    const userId = randomUUID();
    const now = new Date();
    const claims = [];
    for (let i = 0; i < MAX_WRONG_CODES_PER_ACCOUNT; i++) {
      claims.push(await claimCodeCheck(database.db, userId, now));
    }
    expect(claims.slice(0, -1).every((claim) => claim.locksUntil === null)).toBe(true);
    expect(claims.at(-1)!.locksUntil!.getTime() - now.getTime()).toBe(FIRST_CODE_LOCK_MS);
  });
});
