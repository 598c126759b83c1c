import { and, eq, inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db, Tx } from '../../platform/db/client';
import { tripActivity, trips, users } from '../../platform/db/schema';
import type { Job } from '../../platform/scheduler';
import { ownerPlanOf } from '../trips/access';

const DAY_MS = 24 * 60 * 60 * 1000;
// Deleted a batch at a time: a short transaction each, however much has piled up.
const BATCH = 5000;

/** A trip's records kept as long as its owner's plan keeps its history (the history, the chat). */
export type KeptByPlanTable = PgTable & { id: PgColumn; tripId: PgColumn; createdAt: PgColumn };

/** How many days of history a plan keeps (spec §9); null: all. */
export const keepsDaysOf = (plan: keyof typeof PLAN_LIMITS) => PLAN_LIMITS[plan].activityDays;

/** Entries within what a plan keeping `keepsDays` keeps are those since this; null: all. */
export function keptSince(keepsDays: number | null, now: Date): Date | null {
  return keepsDays === null ? null : new Date(now.getTime() - keepsDays * DAY_MS);
}

/** Since when the trip's owner's plan keeps its records (null: all), whether or not pruned yet. */
export async function keptSinceOn(db: Db | Tx, tripId: string, now: Date) {
  return keptSince(keepsDaysOf(await ownerPlanOf(db, tripId)), now);
}

/**
 * Deletes the rows of `table` older than their trip's owner's plan keeps (spec §9: 7 days on
 * Free, 30 on Premium, all on Pro). The reads already leave them out; this frees the room.
 * How many it deleted.
 */
export async function pruneBeyondPlan(db: Db, table: KeptByPlanTable, now: Date): Promise<number> {
  let deleted = 0;
  for (const plan of Object.keys(PLAN_LIMITS) as (keyof typeof PLAN_LIMITS)[]) {
    const before = keptSince(keepsDaysOf(plan), now);
    if (before === null) continue;
    const tripsOnPlan = db
      .select({ id: trips.id })
      .from(trips)
      .innerJoin(users, eq(users.id, trips.ownerId))
      .where(eq(users.plan, plan));
    for (;;) {
      const batch = db
        .select({ id: table.id })
        .from(table)
        .where(and(lt(table.createdAt, before), inArray(table.tripId, tripsOnPlan)))
        .limit(BATCH);
      const gone = await db
        .delete(table)
        .where(inArray(table.id, batch))
        .returning({ id: table.id });
      deleted += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  return deleted;
}

/** Deletes the history entries older than their trip's owner's plan keeps. */
export const pruneActivity = (db: Db, now: Date) => pruneBeyondPlan(db, tripActivity, now);

/**
 * A scheduled job pruning `table` hourly, so a row outlives its plan's days by an hour at most;
 * `what` names the rows in its log line.
 */
export function retentionJob(
  name: string,
  prune: (db: Db, now: Date) => Promise<number>,
  what: string,
  db: Db,
  log: { info(obj: object, msg: string): void },
): Job {
  return {
    name,
    everyMs: 60 * 60 * 1000,
    async run(now) {
      const deleted = await prune(db, now);
      if (deleted > 0) log.info({ deleted }, `${what} older than its plan keeps deleted`);
    },
  };
}

/** The history's pruning job. */
export const activityRetentionJob = (db: Db, log: { info(obj: object, msg: string): void }) =>
  retentionJob('activity-retention', pruneActivity, 'trip history', db, log);
