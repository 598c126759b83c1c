import { count, desc, eq, sql } from 'drizzle-orm';
import { PLANS } from '../../../shared/contracts/account';
import {
  type AdminEarlyAccessEntry,
  EARLY_ACCESS_MESSAGES,
  type EarlyAccessRequest,
  type PaidPlan,
} from '../../../shared/contracts/plans';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { olderThan, pageOf } from '../../platform/db/keyset';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { type EarlyAccessRequestRow, earlyAccessRequests } from './tables';

const rank = (plan: (typeof PLANS)[number]) => PLANS.indexOf(plan);

function toRequest(row: EarlyAccessRequestRow): EarlyAccessRequest {
  return {
    plan: row.plan,
    requestedAt: row.createdAt.toISOString(),
    grantedAt: row.grantedAt?.toISOString() ?? null,
  };
}

/** The account's request, or null. */
export async function myEarlyAccess(db: Db, userId: string): Promise<EarlyAccessRequest | null> {
  const [row] = await db
    .select()
    .from(earlyAccessRequests)
    .where(eq(earlyAccessRequests.userId, userId));
  return row ? toRequest(row) : null;
}

/**
 * Records that the account asks for `plan`. One request per account: asking again (for the other
 * plan, or the same one later) replaces it and puts it back at the top of the administrators'
 * list. A plan the account has already, or one below it, is refused: there is nothing to grant.
 */
export async function requestEarlyAccess(
  db: Db,
  user: { id: string; plan: (typeof PLANS)[number] },
  plan: PaidPlan,
): Promise<EarlyAccessRequest> {
  if (rank(user.plan) >= rank(plan)) {
    throw new HttpError(
      'plan_held',
      `Your account already has the ${PLAN_LIMITS[user.plan].name} plan.`,
    );
  }
  const [row] = await db
    .insert(earlyAccessRequests)
    .values({ userId: user.id, plan })
    .onConflictDoUpdate({
      target: earlyAccessRequests.userId,
      set: { plan, createdAt: sql`now()`, grantedAt: null },
    })
    .returning();
  return toRequest(row!);
}

const entryColumns = {
  request: earlyAccessRequests,
  username: users.username,
  email: users.email,
  pendingEmail: users.pendingEmail,
  currentPlan: users.plan,
};

function toEntry(row: {
  request: EarlyAccessRequestRow;
  username: string;
  email: string | null;
  pendingEmail: string | null;
  currentPlan: (typeof PLANS)[number];
}): AdminEarlyAccessEntry {
  return {
    ...toRequest(row.request),
    userId: row.request.userId,
    username: row.username,
    email: row.email ?? row.pendingEmail,
    emailConfirmed: row.email !== null,
    currentPlan: row.currentPlan,
  };
}

const pageKey = { createdAt: earlyAccessRequests.createdAt, id: earlyAccessRequests.userId };

/** One page of requests, newest first, and how many there are in all. */
export async function earlyAccessPage(
  db: Db,
  { limit, before }: { limit: number; before?: string | undefined },
) {
  const [rows, [all]] = await Promise.all([
    db
      .select(entryColumns)
      .from(earlyAccessRequests)
      .innerJoin(users, eq(users.id, earlyAccessRequests.userId))
      .where(before ? olderThan(pageKey, before, EARLY_ACCESS_MESSAGES.badCursor) : undefined)
      .orderBy(desc(earlyAccessRequests.createdAt), desc(earlyAccessRequests.userId))
      .limit(limit + 1),
    db.select({ n: count() }).from(earlyAccessRequests),
  ]);
  const page = pageOf(rows, limit, (row) => ({
    createdAt: row.request.createdAt,
    id: row.request.userId,
  }));
  return { entries: page.rows.map(toEntry), nextCursor: page.nextCursor, total: all?.n ?? 0 };
}

/**
 * Grants a request: the account moves up to the plan asked for (never down: an administrator may
 * have moved it higher meanwhile), and the request is marked granted (granting twice keeps the
 * first time). Both in one transaction, so a request is never marked granted on an account that
 * did not move.
 */
export async function grantEarlyAccess(db: Db, userId: string): Promise<AdminEarlyAccessEntry> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(earlyAccessRequests)
      .set({ grantedAt: sql`coalesce(${earlyAccessRequests.grantedAt}, now())` })
      .where(eq(earlyAccessRequests.userId, userId))
      .returning();
    if (!request) throw new HttpError('not_found', EARLY_ACCESS_MESSAGES.noSuchRequest);
    const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    // The request's foreign key cascades: an account that is gone took its request with it.
    const user = account!;
    if (rank(user.plan) < rank(request.plan)) {
      await tx.update(users).set({ plan: request.plan }).where(eq(users.id, userId));
      user.plan = request.plan;
    }
    return toEntry({ request, ...user, currentPlan: user.plan });
  });
}
