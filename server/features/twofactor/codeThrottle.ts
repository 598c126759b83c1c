import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginThrottles } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { claimAttempt, clearAttempts } from '../auth/loginThrottle';

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

/** The answer while the account's codes are locked (until `until`), saying for how long. */
export function codesLocked(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new HttpError(
    'account_locked',
    `Too many wrong codes for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Claims one code check for the account BEFORE the code is looked at (auth/loginThrottle.ts
 * claimAttempt): however many codes arrive at once, from however many sign-ins and addresses, at
 * most 10 in a row are checked. Refused while the codes are locked (`account_locked`, saying how
 * long). Gives when the codes lock if this is the tenth: it is checked, and answers that lock if
 * wrong.
 */
export async function claimCodeCheck(db: Db, userId: string, now: Date) {
  const claim = await claimAttempt(db, keyOf(userId), now, {
    max: MAX_WRONG_CODES_PER_ACCOUNT,
    lockMs: codeLockMs,
  });
  if (claim.granted) return { locksUntil: claim.lockedUntil };
  // Only for the message: a right code may have cleared the lock since, then it says a minute.
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, keyOf(userId)));
  throw codesLocked(row?.lockedUntil ?? now, now);
}

/** A right code: the count and the growing lock start over. */
export async function clearWrongCodes(db: Db, userId: string) {
  await clearAttempts(db, keyOf(userId));
}
