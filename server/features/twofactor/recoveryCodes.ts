import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  type TwoFactorStatus,
} from '../../../shared/contracts/twofactor';
import type { Db, Tx } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/schema';
import { hashToken } from '../../platform/tokens';
import { recoveryCodes } from './tables';

// Issue #35: recovery codes stand in for the authenticator app when it is lost. Only their
// SHA-256 is stored (like every other token here): a copy of the database signs nobody in. 50
// random bits a code is plenty for something the account's code throttle (codeThrottle.ts)
// allows 10 guesses at before it locks for 15 minutes and longer.

/** One code: 10 characters of the alphabet, each drawn uniformly (`randomInt` has no bias). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/** What is stored of a code: the SHA-256 of its 10 characters in their one written form. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code);
}

/**
 * Replaces the account's recovery codes with RECOVERY_CODE_COUNT new ones. The caller runs it in
 * a transaction (habit 18), so there are never none, nor old and new side by side. Gives them
 * as they are shown (`xxxxx-xxxxx`): the only time anyone sees them.
 */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return [...codes].map(formatRecoveryCode);
}

/** How many of the account's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Uses one of the account's recovery codes, typed in any form `normalizeRecoveryCode` reads:
 * true if it was there and unused. The caller has claimed the check against the account's
 * code throttle first (consumeCode.ts). Marking it used in the statement that finds it unused
 * makes it single-use even when two requests race with it.
 */
export async function claimRecoveryCode(
  db: Db | Tx,
  userId: string,
  typed: string,
  now = new Date(),
): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (!code) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** Two-factor is off: its recovery codes go with it. */
export async function deleteRecoveryCodes(db: Db | Tx, userId: string): Promise<number> {
  const deleted = await db
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .returning({ id: recoveryCodes.id });
  return deleted.length;
}

/** `GET /api/2fa`: whether two-factor is on, and how many recovery codes are left. */
export async function twoFactorStatusOf(db: Db, user: UserRow): Promise<TwoFactorStatus> {
  if (!user.twoFactorEnabled) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await recoveryCodesLeft(db, user.id) };
}
