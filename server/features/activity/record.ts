import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ActivityData, ActivityKind } from '../../../shared/contracts/activity';
import type { BellKind, NotificationData } from '../../../shared/contracts/notifications';
import type { Db, Tx } from '../../platform/db/client';
import { tripActivity } from '../../platform/db/schema';
import type { Change } from '../live';
import { notify } from '../notifications/notify';
import type { TripItemTable } from '../trips/items';

/** One entry of a trip's history, as the service making the change describes it. */
export type Activity = {
  kind: ActivityKind;
  subjectId?: string | null;
  data?: ActivityData;
  /** A deleted item's row (as Drizzle returned it), to restore it from the entry. */
  snapshot?: Record<string, unknown>;
  /** Whom the change tells, and what (a to-do given to someone tells them). */
  tell?: { userIds: string[]; kind: BellKind; data?: NotificationData };
};

/**
 * Writes the entry for a change, with the change's transaction `tx` (issue #24): the entry
 * commits with the change or not at all. Services call it; routes never do.
 */
export async function recordActivity(
  tx: Tx | Db,
  tripId: string,
  actorId: string | null,
  activity: Activity,
  at: Date = new Date(),
) {
  await tx.insert(tripActivity).values({
    tripId,
    actorId,
    kind: activity.kind,
    subjectId: activity.subjectId ?? null,
    data: activity.data ?? {},
    snapshot: activity.snapshot ? toSnapshot(activity.snapshot) : null,
    createdAt: at,
  });
  // The same entry tells those it concerns (issue #24: one log feeds history and notifications).
  if (activity.tell) {
    const { userIds, kind, data } = activity.tell;
    const subjectId = activity.subjectId ?? null;
    await notify(tx, userIds, { kind, tripId, actorId, subjectId, data: data ?? {} }, at);
  }
}

/** A row as JSON: dates as ISO strings (read back by `fromSnapshot`). */
function toSnapshot(row: Record<string, unknown>) {
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/**
 * A row kept by `recordActivity`, ready to insert into `table` again: its timestamp columns back
 * to dates, and only the table's own columns (a snapshot from an older version of the table
 * keeps what still fits).
 */
export function fromSnapshot(table: PgTable, snapshot: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!(key in snapshot)) continue;
    const value = snapshot[key];
    row[key] =
      column.dataType === 'date' && typeof value === 'string' && value !== null
        ? new Date(value)
        : value;
  }
  return row;
}

/**
 * How a feature brings back an item deleted from its trip, from the row its history entry kept
 * (issue #24): the table, the trip's limit for it, what to mend in the row now (a person no
 * longer on the trip), and how to announce it once restored.
 */
export type Restorer = {
  table: TripItemTable;
  limit: { max: number; message: string };
  /** Inside the restore's transaction: the row to insert, mended; may refuse (an HttpError). */
  prepare(tx: Tx, tripId: string, row: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Inside the same transaction: tells the trip the item is back (sent once it commits). */
  announce(change: Change, tripId: string, id: string): Promise<void>;
};
