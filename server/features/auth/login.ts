import { or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/contracts/auth';
import type { Db } from '../../platform/db/client';
import { type Session, type User, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { createSession, deleteSession, type RequestMeta } from '../../platform/sessions';
import { recordLoginEvent } from '../account/loginActivity';
import type { ChangeContext } from '../realtime';
import {
  accountLocked,
  clearFailedPasswords,
  isLocked,
  recordFailedPassword,
  throttleKey,
} from './loginThrottle';
import { verifyPassword } from './passwords';

async function findByLogin(db: Db, login: string): Promise<User | undefined> {
  const key = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return user;
}

export type LoginResult =
  | { kind: 'signedIn'; user: User; token: string }
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
  previousSession: Session | null,
): Promise<LoginResult> {
  const login = input.username.trim().toLowerCase();
  const now = new Date();
  const user = await findByLogin(db, login);
  const key = throttleKey(user, login);
  if (await isLocked(db, key, now)) {
    if (user) await recordLoginEvent(db, user.id, 'locked', meta);
    throw accountLocked();
  }
  const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !ok) {
    await recordFailedPassword(db, key, now);
    if (user) await recordLoginEvent(db, user.id, 'wrong_password', meta);
    throw new HttpError('invalid_credentials', MESSAGES.invalidCredentials);
  }
  await clearFailedPasswords(db, key);
  // A sign-in always gets a fresh token.
  if (previousSession) {
    await deleteSession(db, previousSession.id);
    live.disconnect({ sessionId: previousSession.id });
  }
  if (user.twoFactorEnabled) {
    const { token } = await createSession(db, user.id, meta, { pendingTwoFactor: true });
    return { kind: 'needsSecondFactor', token };
  }
  const { token } = await createSession(db, user.id, meta);
  await recordLoginEvent(db, user.id, 'success', meta);
  return { kind: 'signedIn', user, token };
}
