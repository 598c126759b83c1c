import { or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/contracts/auth';
import type { Db } from '../../platform/db/client';
import { type SessionRow, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { createSession, deleteSession, type RequestMeta } from '../../platform/sessions';
import { recordSignInFailure, settleSignInLine } from '../account/loginActivity';
import type { ChangeContext } from '../live';
import { accountLocked, claimPasswordCheck, clearAttempts, throttleKey } from './loginThrottle';
import { verifyPassword } from './passwords';

async function findByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return user;
}

export type LoginResult =
  | { kind: 'signedIn'; user: UserRow; token: string }
  | { kind: 'needsSecondFactor'; token: string };

/**
 * Username or e-mail and password. An unknown name and a wrong password look the same to the
 * caller (status, message and — through a decoy hash — timing), and so does a lockout. Whatever
 * session this browser had (`previousSession`, whoever it was) ends, live connections and all.
 */
export async function login(
  { db, live }: ChangeContext,
  input: { username: string; password: string },
  meta: RequestMeta,
  previousSession: SessionRow | null,
): Promise<LoginResult> {
  const login = input.username.trim().toLowerCase();
  const now = new Date();
  const user = await findByLogin(db, login);
  const key = throttleKey(user, login);
  // Counted before the password is checked (loginThrottle.ts): however many attempts arrive at
  // once, at most 10 in a row are checked. One refused is not checked and writes nothing: a line
  // each would let anyone fill an account's history, and only a registered name would write it.
  const claim = await claimPasswordCheck(db, key, now);
  if (!claim.granted) throw accountLocked();
  // Like its count, the attempt's history line says it failed until the password proves right
  // (the one that took the lock says so), and is written while the password is checked: an
  // unknown name runs the same statement, writing nothing, and a registered name's write takes
  // no time of the answer (a probe timed a registered address slower in 72 % of pairs when only
  // it wrote, after the check).
  const [ok, line] = await Promise.all([
    verifyPassword(input.password, user?.passwordHash ?? null),
    recordSignInFailure(
      db,
      user?.id ?? null,
      claim.lockedUntil ? 'locked' : 'wrong_password',
      meta,
    ),
  ]);
  if (!user || !ok) throw new HttpError('invalid_credentials', MESSAGES.invalidCredentials);
  await clearAttempts(db, key);
  // A sign-in always gets a fresh token.
  if (previousSession) {
    await deleteSession(db, previousSession.id);
    live.disconnect({ sessionId: previousSession.id });
  }
  if (user.twoFactorEnabled) {
    // The second factor writes the line (success or wrong_code).
    await settleSignInLine(db, line, null);
    const { token } = await createSession(db, user.id, meta, { pendingTwoFactor: true });
    return { kind: 'needsSecondFactor', token };
  }
  const { token } = await createSession(db, user.id, meta);
  await settleSignInLine(db, line, 'success');
  return { kind: 'signedIn', user, token };
}
