import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  CHANGE_LOG_KEEP_MS,
  MAX_CHANGES_CAUGHT_UP,
  type TripChange,
  type TripChangesSince,
} from '../../../shared/contracts/live';
import type { Db, Tx } from '../../platform/db/client';
import { trips } from '../../platform/db/schema';
import { tripChangeHeads, tripChanges } from './tables';

/**
 * Numbers the trip's changes of one transaction and keeps them, just before it commits: the
 * numbers of a trip follow the order its changes commit in, since the trip's head stays locked
 * until then. Answers each change's number, or null for a trip deleted meanwhile.
 */
export async function logChanges(
  tx: Tx,
  changes: readonly { tripId: string; change: TripChange }[],
): Promise<(number | null)[]> {
  const counts = new Map<string, number>();
  for (const { tripId } of changes) counts.set(tripId, (counts.get(tripId) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [tripId, count] of counts) {
    // Only for a trip that is still there (its row goes with everything on it).
    const [head] = await tx
      .insert(tripChangeHeads)
      .select(
        tx
          .select({ tripId: trips.id, seq: sql<number>`${count}::bigint`.as('seq') })
          .from(trips)
          .where(eq(trips.id, tripId)),
      )
      .onConflictDoUpdate({
        target: tripChangeHeads.tripId,
        set: { seq: sql`${tripChangeHeads.seq} + ${count}` },
      })
      .returning({ seq: tripChangeHeads.seq });
    if (head) next.set(tripId, Number(head.seq) - count + 1);
  }
  const numbered = changes.map(({ tripId, change }) => {
    const seq = next.get(tripId);
    if (seq === undefined) return null;
    next.set(tripId, seq + 1);
    return { tripId, seq, change };
  });
  const kept = numbered.filter((entry) => entry !== null);
  if (kept.length > 0) await tx.insert(tripChanges).values(kept);
  return numbered.map((entry) => entry?.seq ?? null);
}

/** The trip's last change number (0 before its first). */
export async function currentSeq(db: Db, tripId: string): Promise<number> {
  const [head] = await db
    .select({ seq: tripChangeHeads.seq })
    .from(tripChangeHeads)
    .where(eq(tripChangeHeads.tripId, tripId));
  return head ? Number(head.seq) : 0;
}

/**
 * The trip's changes after `since`, oldest first; `changes` is null when they are no longer all
 * kept, or are more than a tab should replay: it fetches what it shows instead.
 */
export async function changesSince(
  db: Db,
  tripId: string,
  since: number,
): Promise<TripChangesSince> {
  const seq = await currentSeq(db, tripId);
  if (since >= seq) return { seq, changes: [] };
  if (seq - since > MAX_CHANGES_CAUGHT_UP) return { seq, changes: null };
  const rows = await db
    .select({ seq: tripChanges.seq, change: tripChanges.change })
    .from(tripChanges)
    .where(and(eq(tripChanges.tripId, tripId), gt(tripChanges.seq, since)))
    .orderBy(asc(tripChanges.seq));
  // A change logged after `seq` was read is there too: what matters is that none is missing.
  const complete = rows.length > 0 && Number(rows[0]!.seq) === since + 1;
  return {
    seq: Math.max(seq, ...rows.map((row) => Number(row.seq))),
    changes: complete ? rows.map((row) => ({ seq: Number(row.seq), change: row.change })) : null,
  };
}

/** Forgets changes older than CHANGE_LOG_KEEP_MS: a tab away longer fetches what it shows. */
export async function pruneChangeLog(db: Db, now: Date) {
  await db
    .delete(tripChanges)
    .where(lt(tripChanges.createdAt, new Date(now.getTime() - CHANGE_LOG_KEEP_MS)));
}
