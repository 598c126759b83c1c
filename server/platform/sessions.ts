import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../shared/constants';
import type { Db } from './db/client';
import { type SessionRow, sessions, type UserRow, users } from './db/schema';
import type { SessionCache } from './sessionCache';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'tm_session';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Issue #3: idle timeout 7 days, absolute 30 days; a pending-2FA session lives 10 minutes.
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
export const PENDING_SESSION_MS = 10 * MINUTE;
// Writing last_seen_at on every request would turn every read into a write.
const TOUCH_EVERY_MS = 5 * MINUTE;

export type RequestMeta = { ip: string | null; userAgent: string | null };

export async function createSession(
  db: Db,
  userId: string,
  meta: RequestMeta,
  options: {
    pendingTwoFactor?: boolean;
    /** When this browser last proved the second factor (an empty-code disable needs it fresh). */
    twoFactorVerifiedAt?: Date | null;
  } = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const now = Date.now();
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      pendingTwoFactor: options.pendingTwoFactor ?? false,
      twoFactorVerifiedAt: options.twoFactorVerifiedAt ?? null,
      // One clock for all three, so lifetimes are exact (the database's now() is another clock).
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(
        now + (options.pendingTwoFactor ? PENDING_SESSION_MS : SESSION_ABSOLUTE_MS),
      ),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    })
    .returning();
  return { token, session: session! };
}

/**
 * The live session for a cookie value, with its user; expired sessions are deleted on sight.
 * With a `cache` (issue #18), a session read recently is answered from memory; the cache learns
 * of every change from the database (SessionCache).
 */
export async function findSession(
  db: Db,
  token: string,
  now: number = Date.now(),
  cache?: SessionCache,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  const epoch = cache?.epoch ?? 0;
  const row =
    cached ??
    (
      await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
    )[0];
  if (!row) return null;
  const { session } = row;
  const expired =
    session.expiresAt.getTime() <= now ||
    (!session.pendingTwoFactor && session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now);
  if (expired) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (!session.pendingTwoFactor && now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // The update announces itself, so the cache forgets this account and the next read is fresh.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, session.id));
  } else if (cache && !cached) {
    cache.set(tokenHash, row, now, epoch);
  }
  return row;
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

/**
 * Replaces a session by a new one with a new token (sign-in, second factor, password change), so
 * a token captured before the change is worthless after it.
 */
export async function rotateSession(
  db: Db,
  old: SessionRow,
  meta: RequestMeta,
  options: { twoFactorVerifiedAt?: Date | null } = {},
) {
  await deleteSession(db, old.id);
  return createSession(db, old.userId, meta, options);
}

/**
 * Signs this browser in with the session `token` (the cookie is `Secure` on https). A session
 * still owing its second factor is no sign-in yet: the readable mark says signed out.
 */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  { pendingTwoFactor = false }: { pendingTwoFactor?: boolean } = {},
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.secureCookies,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  markSignedIn(reply, !pendingTwoFactor);
}

export function clearSessionCookie(reply: FastifyReply) {
  const secure = reply.server.secureCookies;
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  markSignedIn(reply, false);
}

/**
 * Sets or clears SIGNED_IN_COOKIE (shared/constants.ts), the mark the client reads to know
 * whether asking GET /api/user is worth it. Written in the same answers as the session cookie, so
 * the two change together in every tab; readable by scripts by design, and holding nothing but 1.
 */
export function markSignedIn(reply: FastifyReply, signedIn: boolean) {
  const options = {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: reply.server.secureCookies,
  } as const;
  if (signedIn) {
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...options, maxAge: SESSION_ABSOLUTE_MS / 1000 });
  } else {
    reply.clearCookie(SIGNED_IN_COOKIE, options);
  }
}

/** Which of these sessions are still live (not ended, not expired, not half signed in). */
export async function liveSessionIds(
  db: Db,
  sessionIds: string[],
  now: number = Date.now(),
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      pendingTwoFactor: sessions.pendingTwoFactor,
    })
    .from(sessions)
    .where(inArray(sessions.id, sessionIds));
  return new Set(
    rows
      .filter(
        (row) =>
          !row.pendingTwoFactor &&
          row.expiresAt.getTime() > now &&
          row.lastSeenAt.getTime() + SESSION_IDLE_MS > now,
      )
      .map((row) => row.id),
  );
}
