import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { TWO_FACTOR_CODE } from '../../../shared/contracts/twofactor';
import type { Db } from '../../platform/db/client';
import { type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { claimCodeCheck, clearWrongCodes, codesLocked } from './codeThrottle';
import { claimRecoveryCode } from './recoveryCodes';
import { verifyTotp } from './totp';

export const INVALID_CODE_MESSAGE = 'That code is not valid. Please try again.';

/** The answer to a code that is not the right one (a well-formed code, wrong or used). */
export const invalidCode = () => new HttpError('invalid_code', INVALID_CODE_MESSAGE);

/** Which second factor a right code was: the authenticator app's, or a recovery code. */
export type CodeKind = 'totp' | 'recovery_code';

/**
 * Checks a code for a user with 2FA on — a 6-digit one from the app, or a recovery code (issue
 * #35) — and uses it up: the app's time step (replay protection) or the recovery code. Gives
 * which kind it was, or null when it is not right. Every code is claimed against the account
 * before it is looked at, wherever it comes from and whichever kind it is (codeThrottle.ts):
 * while codes are locked this throws `account_locked` without looking at the code, and so does
 * the wrong code that locks them.
 */
export async function consumeCode(
  db: Db,
  user: UserRow,
  token: string,
  now = new Date(),
): Promise<CodeKind | null> {
  if (!user.totpSecret) return null;
  const { locksUntil } = await claimCodeCheck(db, user.id, now);
  const kind = await claimCode(db, user, token.trim(), now);
  if (!kind) {
    if (locksUntil) throw codesLocked(locksUntil, now);
    return null;
  }
  await clearWrongCodes(db, user.id);
  return kind;
}

async function claimCode(
  db: Db,
  user: UserRow,
  token: string,
  now: Date,
): Promise<CodeKind | null> {
  if (TWO_FACTOR_CODE.test(token)) return (await claimTimeStep(db, user, token)) ? 'totp' : null;
  return (await claimRecoveryCode(db, user.id, token, now)) ? 'recovery_code' : null;
}

async function claimTimeStep(db: Db, user: UserRow, token: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = verifyTotp(user.totpSecret, token, user.totpLastStep);
  if (step === null) return false;
  // Conditional update: two requests racing with one code cannot both win.
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`),
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

/** The answer when a step needs two-factor on and it is off. */
export const twoFactorNotEnabled = () =>
  new HttpError('two_factor_not_enabled', 'Two-factor authentication is not enabled.');
