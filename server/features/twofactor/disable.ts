import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { type SessionRow, type UserRow, users } from '../../platform/db/schema';
import { consumeCode, invalidCode, twoFactorNotEnabled } from './consumeCode';
import { deleteRecoveryCodes } from './recoveryCodes';

// Issue #3: an empty-code disable needs a verification in the last 5 minutes.
export const FRESH_VERIFICATION_MS = 5 * 60_000;

/** Turns two-factor off with a code, or with none right after a verification (spec §7). */
export async function disableTwoFactor(
  db: Db,
  auth: { user: UserRow; session: SessionRow },
  code: string,
) {
  if (!auth.user.twoFactorEnabled) throw twoFactorNotEnabled();
  if (code) {
    if (!(await consumeCode(db, auth.user, code))) throw invalidCode();
  } else {
    const verifiedAt = auth.session.twoFactorVerifiedAt?.getTime() ?? 0;
    if (Date.now() - verifiedAt > FRESH_VERIFICATION_MS) throw invalidCode();
  }
  await db.transaction((tx) => turnOffTotp(tx, auth.user.id));
}

/**
 * Forgets the account's TOTP secret (set up or waiting for confirmation) and its recovery codes:
 * what turning two-factor off does, and what an administrator's reset does (issue #38). Says
 * whether it was on and how many recovery codes went, for the record.
 */
export async function turnOffTotp(tx: Db | Tx, userId: string) {
  const [before] = await tx
    .select({ on: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  await tx
    .update(users)
    .set({
      twoFactorEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    })
    .where(eq(users.id, userId));
  // Issue #35: its recovery codes go with it; turning it on again makes new ones.
  const recoveryCodes = await deleteRecoveryCodes(tx, userId);
  return { totp: before?.on ?? false, recoveryCodes };
}
