import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginEvents } from '../../platform/db/schema';
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
