import { and, eq, inArray, lt } from 'drizzle-orm';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { tripActivity, trips, users } from '../../platform/db/schema';
import type { Job } from '../../platform/scheduler';

const DAY_MS = 24 * 60 * 60 * 1000;
// Deleted a batch at a time: a short transaction each, however much has piled up.
const BATCH = 5000;

/**
 * Deletes the history entries older than their trip's owner's plan keeps (spec §9: 7 days on
 * Free, 30 on Premium, all on Pro). The reads already leave them out; this frees the room.
 * How many it deleted.
 */
export async function pruneActivity(db: Db, now: Date): Promise<number> {
  let deleted = 0;
  for (const [plan, limits] of Object.entries(PLAN_LIMITS)) {
    if (limits.activityDays === null) continue;
    const before = new Date(now.getTime() - limits.activityDays * DAY_MS);
    const tripsOnPlan = db
      .select({ id: trips.id })
      .from(trips)
      .innerJoin(users, eq(users.id, trips.ownerId))
      .where(eq(users.plan, plan as keyof typeof PLAN_LIMITS));
    for (;;) {
      const batch = db
        .select({ id: tripActivity.id })
        .from(tripActivity)
        .where(and(lt(tripActivity.createdAt, before), inArray(tripActivity.tripId, tripsOnPlan)))
        .limit(BATCH);
      const gone = await db
        .delete(tripActivity)
        .where(inArray(tripActivity.id, batch))
        .returning({ id: tripActivity.id });
      deleted += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  return deleted;
}

/** The scheduled job: hourly, so an entry outlives its plan's days by an hour at most. */
export function activityRetentionJob(db: Db, log: { info(obj: object, msg: string): void }): Job {
  return {
    name: 'activity-retention',
    everyMs: 60 * 60 * 1000,
    async run(now) {
      const deleted = await pruneActivity(db, now);
      if (deleted > 0) log.info({ deleted }, 'trip history older than its plan keeps deleted');
    },
  };
}
