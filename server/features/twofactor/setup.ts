import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type Session, sessions, type User, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { invalidCode } from './consumeCode';
import { generateTotpSecret, otpauthUrl, qrCodeDataUrl, verifyTotp } from './totp';

const alreadyEnabled = () =>
  new HttpError('two_factor_already_enabled', 'Two-factor authentication is already enabled.');

/** A new secret, kept pending until a code from it confirms it, and its QR code. */
export async function beginTwoFactorSetup(db: Db, user: User) {
  if (user.twoFactorEnabled) throw alreadyEnabled();
  const secret = generateTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const qrCode = await qrCodeDataUrl(otpauthUrl(secret, user.email ?? user.username));
  return { qrCode, secret };
}

/** Turns two-factor on with a code from the pending secret; that counts as a fresh proof. */
export async function confirmTwoFactorSetup(
  db: Db,
  auth: { user: User; session: Session },
  code: string,
) {
  const { user } = auth;
  if (user.twoFactorEnabled) throw alreadyEnabled();
  if (!user.totpPendingSecret) {
    throw new HttpError(
      'two_factor_setup_missing',
      'Start two-factor setup first: no setup is waiting for a code.',
    );
  }
  const step = verifyTotp(user.totpPendingSecret, code, null);
  if (step === null) throw invalidCode();
  await db
    .update(users)
    .set({
      twoFactorEnabled: true,
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    })
    .where(eq(users.id, user.id));
  await db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.id, auth.session.id));
}
