import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginThrottles } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

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
  return user ? `user:${user.id}` : `name:${login}`;
}

/** Whether sign-in under `key` is locked at `now`. */
export async function isLocked(db: Db, key: string, now: Date) {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

/** Counts a wrong password; the tenth in a row locks sign-in and starts the count over. */
export async function recordFailedPassword(db: Db, key: string, now: Date) {
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: now },
    })
    .returning();
  if (row && row.failures >= MAX_FAILED_PASSWORDS) {
    await db
      .update(loginThrottles)
      .set({ failures: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MS) })
      .where(eq(loginThrottles.key, key));
  }
}

/** A right password: only failures in a row count, so the count starts over. */
export async function clearFailedPasswords(db: Db, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
