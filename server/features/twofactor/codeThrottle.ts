import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginThrottles } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

// Issue #16: a pending sign-in allows 5 wrong codes, but another one costs only the password
// again. Wrong codes are therefore also counted per account, across pending sign-ins and
// signed-in checks (disabling 2FA, deleting the account), from any number of addresses.
export const MAX_WRONG_CODES_PER_ACCOUNT = 10;
/** The first lock; each next one before a right code lasts twice as long, up to a day. */
export const FIRST_CODE_LOCK_MS = 15 * 60_000;
export const LONGEST_CODE_LOCK_MS = 24 * 60 * 60_000;

const keyOf = (userId: string) => `code:${userId}`;

/** How long the `lockouts`-th lock in a row lasts: 15 min, 30 min, 1 h … at most a day. */
export function codeLockMs(lockouts: number): number {
  return Math.min(FIRST_CODE_LOCK_MS * 2 ** Math.min(lockouts, 16), LONGEST_CODE_LOCK_MS);
}

function lockedAnswer(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new HttpError(
    'account_locked',
    `Too many wrong codes for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** Refuses while the account's codes are locked: no code is even looked at then. */
export async function assertCodesAllowed(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(loginThrottles)
    .where(eq(loginThrottles.key, keyOf(userId)));
  if (row?.lockedUntil && row.lockedUntil > now) throw lockedAnswer(row.lockedUntil, now);
}

/**
 * Counts a wrong code. The tenth in a row locks codes for the account — 10 guesses at a
 * one-in-a-million code, then a wait that doubles each time — and says so.
 */
export async function recordWrongCode(db: Db, userId: string, now: Date) {
  const [row] = await db
    .insert(loginThrottles)
    .values({ key: keyOf(userId), failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: now },
    })
    .returning();
  if (!row || row.failures < MAX_WRONG_CODES_PER_ACCOUNT) return;
  const until = new Date(now.getTime() + codeLockMs(row.lockouts));
  await db
    .update(loginThrottles)
    .set({ failures: 0, lockedUntil: until, lockouts: row.lockouts + 1 })
    .where(eq(loginThrottles.key, keyOf(userId)));
  throw lockedAnswer(until, now);
}

/** A right code: the count and the growing lock start over. */
export async function clearWrongCodes(db: Db, userId: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, keyOf(userId)));
}
