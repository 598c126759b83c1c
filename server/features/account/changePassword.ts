import { eq } from 'drizzle-orm';
import { type SessionRow, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { deleteUserSessions, type RequestMeta, rotateSession } from '../../platform/sessions';
import { verifyAccountPassword } from '../auth/loginThrottle';
import { assertNotCommonPassword, hashPassword } from '../auth/passwords';
import type { ChangeContext } from '../live';
import { recordLoginEvent } from './loginActivity';

/**
 * A new password, given the current one. Every other session is signed out and this one gets a
 * new token; every live connection of the user closes (this tab's reconnects with the new
 * cookie at once).
 */
export async function changePassword(
  { db, live }: ChangeContext,
  auth: { user: UserRow; session: SessionRow },
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
) {
  if (!(await verifyAccountPassword(db, auth.user, input.currentPassword))) {
    throw new HttpError('wrong_password', 'Your current password is not correct.');
  }
  assertNotCommonPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id));
  await deleteUserSessions(db, auth.user.id, auth.session.id);
  // The new token keeps the old one's last second-factor proof, at its own time: a password
  // change is not a fresh proof (it would open the empty-code disable window).
  const rotated = await rotateSession(db, auth.session, meta, {
    twoFactorVerifiedAt: auth.session.twoFactorVerifiedAt,
  });
  await recordLoginEvent(db, auth.user.id, 'password_changed', meta);
  live.disconnect({ userId: auth.user.id });
  return rotated;
}
