import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type SessionRow, sessions, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { invalidCode } from './consumeCode';
import { replaceRecoveryCodes } from './recoveryCodes';
import { generateTotpSecret, otpauthUrl, qrCodeDataUrl, verifyTotp } from './totp';

const alreadyEnabled = () =>
  new HttpError('two_factor_already_enabled', 'Two-factor authentication is already enabled.');

/** A new secret, kept pending until a code from it confirms it, and its QR code. */
export async function beginTwoFactorSetup(db: Db, user: UserRow) {
  if (user.twoFactorEnabled) throw alreadyEnabled();
  const secret = generateTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const qrCode = await qrCodeDataUrl(otpauthUrl(secret, user.email ?? user.username));
  return { qrCode, secret };
}

/**
 * Turns two-factor on with a code from the pending secret; that counts as a fresh proof. Gives
 * the recovery codes made with it (issue #35), which are shown only now.
 */
export async function confirmTwoFactorSetup(
  db: Db,
  auth: { user: UserRow; session: SessionRow },
  code: string,
): Promise<string[]> {
  const { user } = auth;
  if (user.twoFactorEnabled) throw alreadyEnabled();
  const pendingSecret = user.totpPendingSecret;
  if (!pendingSecret) {
    throw new HttpError(
      'two_factor_setup_missing',
      'Start two-factor setup first: no setup is waiting for a code.',
    );
  }
  const step = verifyTotp(pendingSecret, code, null);
  if (step === null) throw invalidCode();
  const recoveryCodes = await db.transaction(async (tx) => {
    // Only while it is still off, in the statement that turns it on: of two confirmations sent
    // at once (a double click) one wins, and the codes it answers with are the ones kept.
    const [enabled] = await tx
      .update(users)
      .set({
        twoFactorEnabled: true,
        totpSecret: pendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
      })
      .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
      .returning({ id: users.id });
    if (!enabled) throw alreadyEnabled();
    return replaceRecoveryCodes(tx, user.id);
  });
  await db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.id, auth.session.id));
  return recoveryCodes;
}
