import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type SessionRow, sessions, type UserRow } from '../../platform/db/schema';
import type { RequestMeta } from '../../platform/sessions';
import { recordLoginEvent } from '../account/loginActivity';
import { consumeCode, invalidCode, twoFactorNotEnabled } from './consumeCode';
import { replaceRecoveryCodes } from './recoveryCodes';

/**
 * Issue #35: a new set of recovery codes, the old ones no longer working. Like turning
 * two-factor off it takes a code — from the app or one of the recovery codes — so a session
 * left open on a shared computer cannot make codes that outlive it. An account that turned
 * two-factor on before recovery codes existed makes its first ones here. Written in the login
 * history; the codes are given as they are shown, once.
 */
export async function makeNewRecoveryCodes(
  db: Db,
  auth: { user: UserRow; session: SessionRow },
  code: string,
  meta: RequestMeta,
): Promise<string[]> {
  if (!auth.user.twoFactorEnabled) throw twoFactorNotEnabled();
  if (!(await consumeCode(db, auth.user, code))) throw invalidCode();
  const codes = await db.transaction((tx) => replaceRecoveryCodes(tx, auth.user.id));
  // A right code is a fresh proof, as verify-2fa's is.
  await db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.id, auth.session.id));
  await recordLoginEvent(db, auth.user.id, 'recovery_codes_made', meta);
  return codes;
}
