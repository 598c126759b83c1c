import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
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
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        twoFactorEnabled: false,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
      })
      .where(eq(users.id, auth.user.id));
    // Issue #35: its recovery codes go with it; turning it on again makes new ones.
    await deleteRecoveryCodes(tx, auth.user.id);
  });
}
