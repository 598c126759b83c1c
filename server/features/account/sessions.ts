import { and, desc, eq, gt } from 'drizzle-orm';
import { NO_SUCH_SESSION } from '../../../shared/contracts/account';
import type { Db } from '../../platform/db/client';
import { sessions } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { deleteUserSessions } from '../../platform/sessions';
import type { ChangeContext } from '../live';
import { describeBrowser } from './serializers';

/** The browsers signed in as the user (not those still owing a second factor), latest first. */
export async function listSessions(db: Db, userId: string, currentSessionId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.pendingTwoFactor, false),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ip: row.ip,
    browser: describeBrowser(row.userAgent),
    current: row.id === currentSessionId,
  }));
}

/** Signs out every session of the user but this one, and closes their live connections. */
export async function revokeOtherSessions(
  { db, live }: ChangeContext,
  userId: string,
  currentSessionId: string,
) {
  await deleteUserSessions(db, userId, currentSessionId);
  live.disconnect({ userId, exceptSessionId: currentSessionId });
}

/** Signs one of the user's sessions out (this one too); another user's answers not found. */
export async function revokeSession(
  { db, live }: ChangeContext,
  userId: string,
  sessionId: string,
) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (deleted.length === 0) throw new HttpError('not_found', NO_SUCH_SESSION);
  live.disconnect({ sessionId });
}
