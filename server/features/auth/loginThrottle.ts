import { eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginThrottles, type UserRow } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { verifyPassword } from './passwords';

// Issue #3: 10 failed passwords in a row lock sign-in for 15 minutes.
export const MAX_FAILED_PASSWORDS = 10;
export const LOCKOUT_MS = 15 * 60_000;

export const LOCKED_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export const accountLocked = () => new HttpError('account_locked', LOCKED_MESSAGE);

/**
 * What failed passwords are counted against: an account once, whether it is named by username
 * or e-mail; a name with no account as typed, so a lockout answers alike for real and made-up
 * names.
 */
export function throttleKey(user: { id: string } | undefined, login: string) {
  return user ? accountKey(user.id) : `name:${login}`;
}

const accountKey = (userId: string) => `user:${userId}`;

/**
 * A claimed attempt may be checked; `lockedUntil` is set when it was the last one allowed (its
 * claim locked the key). A refused one must not be checked at all.
 */
export type AttemptClaim = { granted: true; lockedUntil: Date | null } | { granted: false };

/**
 * Claims one attempt under `key` BEFORE the password or code is checked, counting it as a
 * failure until a right one clears the key. One statement both counts and, at the `max`-th in a
 * row, locks (for `lockMs(locks so far)`), so however many attempts arrive at once at most `max`
 * are checked (an outside probe had 16–21 of 100 simultaneous passwords checked when the count
 * came after the check). A lock that has run out starts the count over. A right one counts while
 * it is being checked too (nobody knows yet), then clears the key: with it any lock its own
 * claim took, and the count of wrong ones in flight beside it, as a success ends "in a row".
 */
export async function claimAttempt(
  db: Db,
  key: string,
  now: Date,
  limit: { max: number; lockMs: (lockouts: number) => number },
): Promise<AttemptClaim> {
  // A row with a lock here has one that has run out (setWhere): its count starts over.
  const failures = sql`case when ${loginThrottles.lockedUntil} is null then ${loginThrottles.failures} + 1 else 1 end`;
  const locks = sql`(${failures}) >= ${limit.max}`;
  const [row] = await db
    .insert(loginThrottles)
    .values({
      key,
      failures: 1,
      lockedUntil: limit.max <= 1 ? new Date(now.getTime() + limit.lockMs(0)) : null,
      lockouts: limit.max <= 1 ? 1 : 0,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures,
        lockedUntil: sql`case when ${locks} then ${lockEnd(now, limit.lockMs)} end`,
        lockouts: sql`${loginThrottles.lockouts} + case when ${locks} then 1 else 0 end`,
        updatedAt: now,
      },
      // While locked, nothing is claimed (and nothing written).
      setWhere: or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, now)),
    })
    .returning({ lockedUntil: loginThrottles.lockedUntil });
  return row ? { granted: true, lockedUntil: row.lockedUntil } : { granted: false };
}

/**
 * When a lock taken at `now` ends, by the row's count of locks so far: `lockMs` as SQL, a case
 * for each count until the length stops growing (none for a fixed lock, 7 for the codes' doubling
 * one), so the claiming statement can lock without a second one.
 */
function lockEnd(now: Date, lockMs: (lockouts: number) => number): SQL {
  const at = (lockouts: number) =>
    sql`${new Date(now.getTime() + lockMs(lockouts)).toISOString()}::timestamptz`;
  const cases: SQL[] = [];
  let lockouts = 0;
  while (lockouts < 32 && lockMs(lockouts + 1) !== lockMs(lockouts)) {
    cases.push(sql`when ${loginThrottles.lockouts} = ${lockouts} then ${at(lockouts)}`);
    lockouts += 1;
  }
  if (cases.length === 0) return at(0);
  return sql`case ${sql.join(cases, sql` `)} else ${at(lockouts)} end`;
}

/** A right password or code: only failures in a row count, so the count starts over. */
export async function clearAttempts(db: Db, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/** Claims a password check under `key` (see claimAttempt): 10 in a row, then 15 minutes. */
export function claimPasswordCheck(db: Db, key: string, now: Date) {
  return claimAttempt(db, key, now, { max: MAX_FAILED_PASSWORDS, lockMs: () => LOCKOUT_MS });
}

/**
 * A signed-in check of the account's own password (changing it, deleting the account) counts as
 * sign-in does: claimed before it is checked, cleared by a right one, and refused unchecked while
 * sign-in is locked (`account_locked`), so a stolen session guesses no faster than sign-in.
 */
export async function verifyAccountPassword(
  db: Db,
  user: Pick<UserRow, 'id' | 'passwordHash'>,
  password: string,
  now = new Date(),
): Promise<boolean> {
  const key = accountKey(user.id);
  if (!(await claimPasswordCheck(db, key, now)).granted) throw accountLocked();
  if (!(await verifyPassword(password, user.passwordHash))) return false;
  await clearAttempts(db, key);
  return true;
}
