import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AdminPerson, PEOPLE_MESSAGES } from '../../../shared/contracts/account';
import type { Db } from '../../platform/db/client';
import { olderThan, pageOf } from '../../platform/db/keyset';
import { loginEvents, sessions, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { passkeyCountOf, removeAllPasskeys } from '../passkeys/manage';
import { turnOffTotp } from '../twofactor/disable';
import { recordLoginEvent } from './loginActivity';

// Issue #38: the administrators' people list and what they can do from it.

/** The sign-ins that count as seeing someone (not a failure, not a change of settings). */
const SIGN_INS = ['success', 'recovery_code', 'passkey'] as const;

// The account's id as the subqueries below see it: a query over one table writes its columns
// bare, and a bare "id" inside them would be the session's or the sign-in's own.
const userIdOutside = sql`${sql.identifier('users')}.${sql.identifier(users.id.name)}`;

/**
 * When the account was last seen: the latest request of any of its sessions (written every few
 * minutes, platform/sessions.ts) or its latest sign-in, which outlives a session signed out.
 */
const lastSeenAt = sql<Date | string | null>`greatest(
  (select max(${sessions.lastSeenAt}) from ${sessions}
    where ${sessions.userId} = ${userIdOutside} and not ${sessions.pendingTwoFactor}),
  (select max(${loginEvents.createdAt}) from ${loginEvents}
    where ${loginEvents.userId} = ${userIdOutside}
      and ${inArray(loginEvents.outcome, [...SIGN_INS])})
)`;

const personColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  pendingEmail: users.pendingEmail,
  plan: users.plan,
  role: users.role,
  totp: users.twoFactorEnabled,
  passkeys: passkeyCountOf(users.id),
  createdAt: users.createdAt,
  lastSeenAt,
};

type PersonRow = {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  pendingEmail: string | null;
  plan: AdminPerson['plan'];
  role: AdminPerson['role'];
  totp: boolean;
  passkeys: number;
  createdAt: Date;
  lastSeenAt: Date | string | null;
};

function toAdminPerson(row: PersonRow): AdminPerson {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  // A raw sql column comes back as the driver gives it: a string from PGlite and PostgreSQL.
  const seen = row.lastSeenAt === null ? null : new Date(row.lastSeenAt);
  return {
    id: row.id,
    username: row.username,
    name: name || null,
    email: row.email ?? row.pendingEmail,
    emailConfirmed: row.email !== null,
    plan: row.plan,
    role: row.role,
    totp: row.totp,
    passkeys: Number(row.passkeys),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: seen ? seen.toISOString() : null,
  };
}

/** `q` as a LIKE pattern that matches it literally anywhere (its % _ and \\ escaped). */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of accounts, newest first, those whose username, name or address (confirmed or
 * waiting) holds `q` when given; the total counts every account.
 */
export async function peoplePage(
  db: Db,
  { limit, before, q }: { limit: number; before?: string | undefined; q?: string | undefined },
) {
  const conditions: (SQL | undefined)[] = [];
  if (before) conditions.push(olderThan(users, before, PEOPLE_MESSAGES.badCursor));
  if (q) {
    const pattern = containing(q);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.pendingEmail, pattern),
        // "Ana Lima" finds Ana Lima, not only "Ana" or "Lima".
        ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
      ),
    );
  }
  const [rows, [all]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(and(...conditions))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(users),
  ]);
  const page = pageOf(rows, limit, (row) => row);
  return { entries: page.rows.map(toAdminPerson), nextCursor: page.nextCursor, total: all?.n ?? 0 };
}

/** One account as the list shows it; an unknown one is a 404. */
export async function adminPersonOf(db: Db, userId: string): Promise<AdminPerson> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new HttpError('not_found', PEOPLE_MESSAGES.noSuchPerson);
  return toAdminPerson(row);
}

/**
 * An administrator resets someone's second factors, for a person who lost them (or whose account
 * gained one that is not theirs): the TOTP secret and recovery codes, every passkey, and — in
 * the same transaction — every session, pending ones included. A session signed in with the old
 * factors (a lost phone's, or whoever added a passkey) must not outlive them: the account starts
 * again from its password (or an e-mailed link), and its owner sets up their factors anew. The
 * person's own sign-in history says what happened (without the administrator's address). The
 * administrator's own account is refused: its Security page does this, and the reset would sign
 * them out mid-way.
 */
export async function resetSecondFactors(db: Db, adminId: string | null, userId: string) {
  if (userId === adminId) throw new HttpError('invalid_input', PEOPLE_MESSAGES.notYourself);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new HttpError('not_found', PEOPLE_MESSAGES.noSuchPerson);
    const totp = await turnOffTotp(tx, userId);
    const passkeys = await removeAllPasskeys(tx, userId);
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    await recordLoginEvent(tx, userId, 'second_factors_reset', { ip: null, userAgent: null });
    return {
      username: user.username,
      removed: { ...totp, passkeys, sessions: ended.length },
    };
  });
}

/** `POST /api/user/admin-welcome`: the welcome was seen; it keeps the first time. */
export async function markAdminWelcomed(db: Db, userId: string) {
  const [row] = await db
    .update(users)
    .set({ adminWelcomedAt: sql`coalesce(${users.adminWelcomedAt}, now())` })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}
