import { and, asc, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/contracts/auth';
import type { Db } from '../../platform/db/client';
import {
  type EmailPreferences,
  loginEvents,
  loginThrottles,
  passwordResetTokens,
  type Session,
  sessions,
  type Trip,
  tripMembers,
  trips,
  type User,
  users,
} from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  type RequestMeta,
  rotateSession,
} from '../../platform/sessions';
import { hashToken, newToken } from '../../platform/tokens';
import { tripIdsOf } from '../trips/access';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords';
import { describeBrowser } from './serializers';
import { generateTotpSecret, otpauthUrl, qrCodeDataUrl, verifyTotp } from './totp';

// Issue #3: 10 failed passwords in a row lock sign-in for 15 minutes; a pending 2FA session is
// discarded after 5 wrong codes; an empty-code disable needs a verification in the last 5 minutes.
export const MAX_FAILED_PASSWORDS = 10;
export const LOCKOUT_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;
export const FRESH_VERIFICATION_MS = 5 * 60_000;
export const RESET_TOKEN_MS = 60 * 60_000;

export const LOCKED_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const INVALID_CODE_MESSAGE = 'That code is not valid. Please try again.';

export type AuthContext = { db: Db; mailer: Mailer; publicUrl: string };

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function findByLogin(db: Db | Transaction, login: string): Promise<User | undefined> {
  const key = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return user;
}

async function assertAvailable(
  db: Db | Transaction,
  fields: { username?: string; email?: string },
  exceptUserId?: string,
) {
  const notMe = exceptUserId ? sql` and ${users.id} <> ${exceptUserId}` : sql``;
  if (fields.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${fields.username.toLowerCase()}${notMe}`);
    if (taken) throw new HttpError(409, 'That username is already taken. Please choose another.');
  }
  if (fields.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${fields.email.toLowerCase()}${notMe}`);
    if (taken) throw new HttpError(409, 'An account with that email address already exists.');
  }
}

function assertNotCommon(password: string) {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE);
}

export async function recordLoginEvent(
  db: Db,
  userId: string,
  outcome: (typeof loginEvents.$inferInsert)['outcome'],
  meta: RequestMeta,
) {
  await db.insert(loginEvents).values({
    userId,
    outcome,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-up and sign-in

/**
 * The advisory lock every way of creating an account holds (sign-up, magic links): one at a time,
 * so exactly the first account becomes admin and no two share a username or e-mail.
 */
export const ACCOUNT_CREATION_LOCK = 7203145;

export async function register(
  ctx: AuthContext,
  input: {
    username: string;
    email: string;
    password: string;
    firstName?: string | null;
    lastName?: string | null;
  },
  meta: RequestMeta,
) {
  assertNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await ctx.db.transaction(async (tx) => {
      // Serialises sign-ups so that exactly one account, the very first, becomes admin.
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`);
      await assertAvailable(tx, input);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users);
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: count === 0 ? 'admin' : 'user',
        })
        .returning();
      return created!;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) await assertAvailable(ctx.db, input);
    throw error;
  }
  const { token } = await createSession(ctx.db, user.id, meta);
  await recordLoginEvent(ctx.db, user.id, 'success', meta);
  return { user, token };
}

async function throttleState(db: Db, key: string) {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  return row;
}

async function recordFailedPassword(db: Db, key: string, now: Date) {
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: now },
    })
    .returning();
  if (row && row.failures >= MAX_FAILED_PASSWORDS) {
    await db
      .update(loginThrottles)
      .set({ failures: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MS) })
      .where(eq(loginThrottles.key, key));
  }
}

export type LoginResult =
  | { kind: 'signedIn'; user: User; token: string }
  | { kind: 'needsSecondFactor'; token: string };

/**
 * Username or e-mail and password. An unknown name and a wrong password look the same to the
 * caller (status, message and — through a decoy hash — timing), and so does a lockout.
 */
export async function login(
  ctx: AuthContext,
  input: { username: string; password: string },
  meta: RequestMeta,
  previousSession: Session | null,
): Promise<LoginResult> {
  const login = input.username.trim().toLowerCase();
  const now = new Date();
  const user = await findByLogin(ctx.db, login);
  // An account is counted once, whether it is named by username or e-mail; a name with no
  // account is counted as typed, so a lockout answers alike for real and made-up names.
  const key = user ? `user:${user.id}` : `name:${login}`;
  const throttle = await throttleState(ctx.db, key);
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    if (user) await recordLoginEvent(ctx.db, user.id, 'locked', meta);
    throw new HttpError(429, LOCKED_MESSAGE);
  }
  const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !ok) {
    await recordFailedPassword(ctx.db, key, now);
    if (user) await recordLoginEvent(ctx.db, user.id, 'wrong_password', meta);
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, key));
  // Whatever session this browser had ends: a sign-in always gets a fresh token.
  if (previousSession) await deleteSession(ctx.db, previousSession.id);
  if (user.twoFactorEnabled) {
    const { token } = await createSession(ctx.db, user.id, meta, { pendingTwoFactor: true });
    return { kind: 'needsSecondFactor', token };
  }
  const { token } = await createSession(ctx.db, user.id, meta);
  await recordLoginEvent(ctx.db, user.id, 'success', meta);
  return { kind: 'signedIn', user, token };
}

// ---------------------------------------------------------------------------------------------
// Two-factor authentication

/** Checks a code for a user with 2FA on and consumes its time step (replay protection). */
async function consumeCode(db: Db, user: User, token: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = verifyTotp(user.totpSecret, token, user.totpLastStep);
  if (step === null) return false;
  // Conditional update: two requests racing with one code cannot both win.
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`),
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Second step of a sign-in: the pending session is replaced by a full one with a new token. */
export async function completeSecondFactor(
  ctx: AuthContext,
  pending: { user: User; session: Session },
  code: string,
  meta: RequestMeta,
) {
  if (await consumeCode(ctx.db, pending.user, code)) {
    const { token } = await rotateSession(ctx.db, pending.session, meta, {
      twoFactorVerifiedAt: new Date(),
    });
    await recordLoginEvent(ctx.db, pending.user.id, 'success', meta);
    return { token };
  }
  await recordLoginEvent(ctx.db, pending.user.id, 'wrong_code', meta);
  const [row] = await ctx.db
    .update(sessions)
    .set({ failedCodeAttempts: sql`${sessions.failedCodeAttempts} + 1` })
    .where(eq(sessions.id, pending.session.id))
    .returning({ attempts: sessions.failedCodeAttempts });
  if (!row || row.attempts >= MAX_WRONG_CODES) {
    await deleteSession(ctx.db, pending.session.id);
    throw new HttpError(401, 'Too many wrong codes. Please sign in again.');
  }
  throw new HttpError(400, INVALID_CODE_MESSAGE);
}

/** A signed-in user proves the second factor again (before disabling it, say). */
export async function reverifySecondFactor(
  ctx: AuthContext,
  auth: { user: User; session: Session },
  code: string,
) {
  if (!auth.user.twoFactorEnabled) {
    throw new HttpError(400, 'Two-factor authentication is not enabled.');
  }
  if (!(await consumeCode(ctx.db, auth.user, code))) throw new HttpError(400, INVALID_CODE_MESSAGE);
  await ctx.db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.id, auth.session.id));
}

export async function beginTwoFactorSetup(ctx: AuthContext, user: User) {
  if (user.twoFactorEnabled) {
    throw new HttpError(409, 'Two-factor authentication is already enabled.');
  }
  const secret = generateTotpSecret();
  await ctx.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const qrCode = await qrCodeDataUrl(otpauthUrl(secret, user.email));
  return { qrCode, secret };
}

export async function confirmTwoFactorSetup(
  ctx: AuthContext,
  auth: { user: User; session: Session },
  code: string,
) {
  const { user } = auth;
  if (user.twoFactorEnabled)
    throw new HttpError(409, 'Two-factor authentication is already enabled.');
  if (!user.totpPendingSecret) {
    throw new HttpError(400, 'Start two-factor setup first: no setup is waiting for a code.');
  }
  const step = verifyTotp(user.totpPendingSecret, code, null);
  if (step === null) throw new HttpError(400, INVALID_CODE_MESSAGE);
  await ctx.db
    .update(users)
    .set({
      twoFactorEnabled: true,
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    })
    .where(eq(users.id, user.id));
  await ctx.db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.id, auth.session.id));
}

export async function disableTwoFactor(
  ctx: AuthContext,
  auth: { user: User; session: Session },
  code: string,
) {
  if (!auth.user.twoFactorEnabled) {
    throw new HttpError(400, 'Two-factor authentication is not enabled.');
  }
  if (code) {
    if (!(await consumeCode(ctx.db, auth.user, code))) {
      throw new HttpError(400, INVALID_CODE_MESSAGE);
    }
  } else {
    const verifiedAt = auth.session.twoFactorVerifiedAt?.getTime() ?? 0;
    if (Date.now() - verifiedAt > FRESH_VERIFICATION_MS) {
      throw new HttpError(400, MESSAGES.invalidCode);
    }
  }
  await ctx.db
    .update(users)
    .set({ twoFactorEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, auth.user.id));
}

// ---------------------------------------------------------------------------------------------
// Passwords

export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  log: (e: unknown) => void,
) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) return;
  const token = newToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
  });
  const link = `${ctx.publicUrl}/reset-password?token=${token}`;
  // Not awaited: the answer must not take longer for an existing account than for none.
  ctx.mailer
    .send({
      to: user.email,
      subject: 'Reset your Tripmates password',
      text: [
        `Hi ${user.firstName || user.username},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Tripmates account.',
        `Choose a new password here within the next hour: ${link}`,
        '',
        'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      ].join('\n'),
    })
    .catch(log);
}

export async function resetPassword(
  ctx: AuthContext,
  input: { token: string; password: string },
  meta: RequestMeta,
) {
  assertNotCommon(input.password);
  const now = new Date();
  // Marking it used in the same statement that finds it makes the token single-use even when
  // two requests race.
  const [claimed] = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) throw new HttpError(400, MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
  // Other outstanding links die with this one, and everyone signed in as this user is signed out.
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  await deleteUserSessions(ctx.db, claimed.userId);
  await recordLoginEvent(ctx.db, claimed.userId, 'password_reset', meta);
  return { userId: claimed.userId };
}

export async function changePassword(
  ctx: AuthContext,
  auth: { user: User; session: Session },
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
) {
  if (!(await verifyPassword(input.currentPassword, auth.user.passwordHash))) {
    throw new HttpError(400, 'Your current password is not correct.');
  }
  assertNotCommon(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id));
  await deleteUserSessions(ctx.db, auth.user.id, auth.session.id);
  // The new token keeps the old one's last second-factor proof, at its own time: a password
  // change is not a fresh proof (it would open the empty-code disable window).
  const rotated = await rotateSession(ctx.db, auth.session, meta, {
    twoFactorVerifiedAt: auth.session.twoFactorVerifiedAt,
  });
  await recordLoginEvent(ctx.db, auth.user.id, 'password_changed', meta);
  return rotated;
}

// ---------------------------------------------------------------------------------------------
// Profile, account, activity

export async function updateProfile(
  ctx: AuthContext,
  user: User,
  input: {
    firstName?: string | null;
    lastName?: string | null;
    email?: string;
    profileImageUrl?: string | null;
  },
) {
  if (Object.keys(input).length === 0) return user;
  if (input.email && input.email.toLowerCase() !== user.email.toLowerCase()) {
    await assertAvailable(ctx.db, { email: input.email }, user.id);
  }
  try {
    const [updated] = await ctx.db
      .update(users)
      .set(input)
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'An account with that email address already exists.');
    throw error;
  }
}

export async function deleteAccount(
  ctx: AuthContext,
  user: User,
  input: { password: string; token?: string | undefined },
) {
  if (user.passwordHash && !(await verifyPassword(input.password, user.passwordHash))) {
    throw new HttpError(400, 'Your password is not correct.');
  }
  if (user.twoFactorEnabled && !(await consumeCode(ctx.db, user, input.token ?? ''))) {
    throw new HttpError(400, MESSAGES.invalidCode);
  }
  return ctx.db.transaction(async (tx) => {
    const onTrips = await tripIdsOf(tx, user.id);
    // trips.owner_id cascades: the trips must have a new owner before the user row goes.
    const { handedOver, deleted } = await handOverOwnedTrips(tx, user.id);
    // Sessions, activity, reset links and memberships go with the user (ON DELETE CASCADE);
    // to-dos assigned to them and flights they were the traveller of stay, unassigned
    // (ON DELETE SET NULL).
    await tx.delete(users).where(eq(users.id, user.id));
    /** What the others on them are to be told: trips left behind, and those with a new owner. */
    return { leftTripIds: onTrips.filter((id) => !deleted.includes(id)), handedOver };
  });
}

/**
 * Each trip the user owns passes to the member who joined earliest, or is deleted (with its
 * board, to-dos and flights) when nobody else is on it.
 */
async function handOverOwnedTrips(tx: Transaction, userId: string) {
  const handedOver: Trip[] = [];
  const deleted: string[] = [];
  // The row locks make a join racing with the deletion wait (its insert checks the trip's key),
  // so nobody can join a trip in the moment it is found empty and deleted.
  const owned = await tx
    .select({ id: trips.id })
    .from(trips)
    .where(eq(trips.ownerId, userId))
    .for('update');
  for (const trip of owned) {
    const [heir] = await tx
      .select({ userId: tripMembers.userId })
      .from(tripMembers)
      .where(and(eq(tripMembers.tripId, trip.id), ne(tripMembers.userId, userId)))
      .orderBy(asc(tripMembers.joinedAt), asc(tripMembers.userId))
      .limit(1);
    if (!heir) {
      await tx.delete(trips).where(eq(trips.id, trip.id));
      deleted.push(trip.id);
      continue;
    }
    await tx
      .update(tripMembers)
      .set({ role: 'owner' })
      .where(and(eq(tripMembers.tripId, trip.id), eq(tripMembers.userId, heir.userId)));
    const [saved] = await tx
      .update(trips)
      .set({ ownerId: heir.userId, updatedAt: new Date() })
      .where(eq(trips.id, trip.id))
      .returning();
    handedOver.push(saved!);
  }
  return { handedOver, deleted };
}

export async function listLoginActivity(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ip: row.ip,
    browser: describeBrowser(row.userAgent),
    outcome: row.outcome,
  }));
}

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

export async function revokeOtherSessions(db: Db, userId: string, currentSessionId: string) {
  await deleteUserSessions(db, userId, currentSessionId);
}

export async function revokeSession(db: Db, userId: string, sessionId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (deleted.length === 0) throw new HttpError(404, 'No such session');
}

export async function setEmailPreferences(db: Db, userId: string, prefs: EmailPreferences) {
  const [row] = await db
    .update(users)
    .set({ emailPreferences: prefs })
    .where(eq(users.id, userId))
    .returning({ emailPreferences: users.emailPreferences });
  return row!.emailPreferences;
}
