import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginEvents, users } from '../../platform/db/schema';
import type { RequestMeta } from '../../platform/sessions';
import { describeBrowser } from './serializers';

export type LoginOutcome = (typeof loginEvents.$inferInsert)['outcome'];

/** One line of the account's sign-in history: every way in (and every failed try) writes one. */
export async function recordLoginEvent(
  db: Db,
  userId: string,
  outcome: LoginOutcome,
  meta: RequestMeta,
) {
  await db.insert(loginEvents).values({
    userId,
    outcome,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
}

/** The last 50 sign-ins and failed attempts, newest first. */
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

// No account has it (uuid v4 never makes it): what a failed sign-in with an unknown name names.
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * The line of a failed sign-in (`wrong_password`; `locked` for the one that took the lock),
 * written by one and the same statement whether or not the name has an account (`userId` null:
 * it writes nothing), so that an unknown name costs the database the same work as a registered
 * one. Gives the line's id (null without an account).
 */
export async function recordSignInFailure(
  db: Db,
  userId: string | null,
  outcome: 'wrong_password' | 'locked',
  meta: RequestMeta,
): Promise<string | null> {
  const id = randomUUID();
  const column = (name: string) => sql.identifier(name);
  await db.execute(sql`
    insert into ${loginEvents} (${column(loginEvents.id.name)}, ${column(loginEvents.userId.name)},
      ${column(loginEvents.outcome.name)}, ${column(loginEvents.ip.name)},
      ${column(loginEvents.userAgent.name)})
    select ${id}::uuid, ${users.id}, ${outcome}, ${meta.ip}, ${meta.userAgent?.slice(0, 512) ?? null}
    from ${users} where ${users.id} = ${userId ?? NO_ACCOUNT}`);
  return userId ? id : null;
}

/**
 * A sign-in written as failed turned out right: its line becomes the `success`, or goes when the
 * second factor is still owed (`null`: verifying the code writes the line).
 */
export async function settleSignInLine(db: Db, lineId: string | null, outcome: 'success' | null) {
  if (!lineId) return;
  if (outcome) {
    await db.update(loginEvents).set({ outcome }).where(eq(loginEvents.id, lineId));
  } else {
    await db.delete(loginEvents).where(eq(loginEvents.id, lineId));
  }
}
