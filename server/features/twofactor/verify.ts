import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type SessionRow, sessions, type UserRow } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { deleteSession, type RequestMeta, rotateSession } from '../../platform/sessions';
import { recordLoginEvent } from '../account/loginActivity';
import { type CodeKind, consumeCode, invalidCode, twoFactorNotEnabled } from './consumeCode';

// Issue #3: a pending sign-in is discarded after 5 wrong codes (and the account's codes are
// locked after 10 in a row across pending sign-ins: codeThrottle.ts).
export const MAX_WRONG_CODES = 5;

const tooManyWrongCodes = () =>
  new HttpError('too_many_wrong_codes', 'Too many wrong codes. Please sign in again.');

/** Second step of a sign-in: the pending session is replaced by a full one with a new token. */
export async function completeSecondFactor(
  db: Db,
  pending: { user: UserRow; session: SessionRow },
  code: string,
  meta: RequestMeta,
) {
  // Each code takes one of the pending sign-in's 5 tries before it is looked at, so however
  // many arrive at once with its cookie at most 5 are checked; once they are gone it is over.
  const [tried] = await db
    .update(sessions)
    .set({ failedCodeAttempts: sql`${sessions.failedCodeAttempts} + 1` })
    .where(
      and(eq(sessions.id, pending.session.id), lt(sessions.failedCodeAttempts, MAX_WRONG_CODES)),
    )
    .returning({ attempts: sessions.failedCodeAttempts });
  if (!tried) {
    await deleteSession(db, pending.session.id);
    throw tooManyWrongCodes();
  }
  let right: CodeKind | null;
  try {
    right = await consumeCode(db, pending.user, code);
  } catch (error) {
    // The account's codes are locked: this pending sign-in is over too.
    await deleteSession(db, pending.session.id);
    throw error;
  }
  if (right) {
    const { token } = await rotateSession(db, pending.session, meta, {
      twoFactorVerifiedAt: new Date(),
    });
    // A recovery code says so in the history: the owner can tell a lost phone from their own.
    await recordLoginEvent(
      db,
      pending.user.id,
      right === 'recovery_code' ? 'recovery_code' : 'success',
      meta,
    );
    return { token, kind: right };
  }
  await recordLoginEvent(db, pending.user.id, 'wrong_code', meta);
  if (tried.attempts >= MAX_WRONG_CODES) {
    await deleteSession(db, pending.session.id);
    throw tooManyWrongCodes();
  }
  throw invalidCode();
}

/**
 * A signed-in user proves the second factor again (before disabling it, say). Gives which kind
 * of code it was.
 */
export async function reverifySecondFactor(
  db: Db,
  auth: { user: UserRow; session: SessionRow },
  code: string,
): Promise<CodeKind> {
  if (!auth.user.twoFactorEnabled) throw twoFactorNotEnabled();
  const kind = await consumeCode(db, auth.user, code);
  if (!kind) throw invalidCode();
  await db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.id, auth.session.id));
  return kind;
}
