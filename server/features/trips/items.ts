import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { NEW_ITEM_ID_MESSAGES } from '../../../shared/contracts/params';
import type { Db, Tx } from '../../platform/db/client';
import { trips } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { type Activity, recordActivity } from '../activity/record';

/** A table of things that belong to a trip (to-dos, flights, widgets, and the lists to come). */
export type TripItemTable = PgTable & { id: PgColumn; tripId: PgColumn };

// Each takes the caller's transaction (issue #37): the item, its history entry and whatever else
// the caller changes with it commit together.

/**
 * Checks that the trip has room for one more item of `table` (`max`), else answers 403
 * `item_limit` with `message`. The trip's row stays locked until the caller commits, so members
 * adding at the same moment cannot together go past the limit.
 */
export async function assertRoomFor(
  tx: Tx,
  table: TripItemTable,
  tripId: string,
  limit: { max: number; message: string },
) {
  await lockTrip(tx, tripId);
  if ((await tx.$count(table, eq(table.tripId, tripId))) >= limit.max) {
    throw new HttpError('item_limit', limit.message);
  }
}

/** Holds the trip's row until the caller commits: adding to its lists waits its turn. */
async function lockTrip(tx: Db | Tx, tripId: string) {
  await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
}

/** A trip's list whose items keep who added them. */
export type CreatedItemTable = TripItemTable & { createdBy: PgColumn };

/**
 * Issue #37: a create may name its new item's id, chosen by the client so that sending it again
 * (a retry after a lost answer, a replay after being offline) makes the item once. True when `id`
 * is already this trip's item added by `creatorId`: the caller answers that item as it is now and
 * does nothing else (no row, no history, no live message). False when the id is free (or none
 * was given). An id that is another trip's item, or another person's, is 409 `id_taken`.
 *
 * Call it first in the create's transaction: it locks the trip's row, so the same create sent
 * twice at once is taken in turn and the second finds the first's item here, before any limit is
 * counted (a list full since must not refuse a repeat) or any other check made. (Outside a
 * transaction it only looks: for a create with work to do before its transaction.)
 */
export async function isRepeatedCreate(
  tx: Db | Tx,
  table: CreatedItemTable,
  tripId: string,
  id: string | undefined,
  creatorId: string | null,
): Promise<boolean> {
  if (id === undefined) return false;
  await lockTrip(tx, tripId);
  const [row] = (await tx
    .select({ tripId: table.tripId, createdBy: table.createdBy })
    .from(table as PgTable)
    .where(eq(table.id, id))) as { tripId: string; createdBy: string | null }[];
  if (!row) return false;
  if (row.tripId === tripId && creatorId !== null && row.createdBy === creatorId) return true;
  throw idTaken();
}

/**
 * The answer when an insert under a client's id found it taken after all (`onConflictDoNothing`
 * returned no row): with the trip locked by `isRepeatedCreate`, that is another trip's create of
 * the same id at the same moment.
 */
export function idTaken() {
  return new HttpError('id_taken', NEW_ITEM_ID_MESSAGES.taken);
}

/**
 * How a change to an item enters the trip's history (issue #24): who made it, and the entry it
 * makes (none: a change the history does not tell, such as a widget's settings).
 */
export type ItemActivity<Row> = {
  actorId: string | null;
  describe: (row: Row, before: Row) => Activity | null;
};

// Both answer `notFound` when the item is gone: another member was quicker than this request,
// whose policy still found it a moment ago.

/**
 * Sets the given columns of the trip's item `id`; an undefined value leaves its column as it is.
 * With `logged`, the row as it was is read (locked) first, and the entry written in the same
 * transaction.
 */
export async function updateTripItem<Table extends TripItemTable>(
  tx: Tx,
  table: Table,
  tripId: string,
  id: string,
  changes: PgUpdateSetSource<Table>,
  notFound: string,
  logged?: ItemActivity<Table['$inferSelect']>,
): Promise<Table['$inferSelect']> {
  const where = and(eq(table.id, id), eq(table.tripId, tripId));
  // Drizzle cannot type what a generic table's select or update returns: it is that table's row.
  const [before] = logged
    ? ((await tx
        .select()
        .from(table as PgTable)
        .where(where)
        .for('update')) as Table['$inferSelect'][])
    : [];
  const [row] = (await tx
    .update(table)
    .set(changes)
    .where(where)
    .returning()) as Table['$inferSelect'][];
  if (!row) throw new HttpError('not_found', notFound);
  if (logged && before) {
    const activity = logged.describe(row, before);
    if (activity) await recordActivity(tx, tripId, logged.actorId, activity);
  }
  return row;
}

/** Deletes the trip's item `id`; with `logged`, its activity entry (which may keep the row) too. */
export async function deleteTripItem<Table extends TripItemTable>(
  tx: Tx,
  table: Table,
  tripId: string,
  id: string,
  notFound: string,
  logged?: { actorId: string | null; describe: (row: Table['$inferSelect']) => Activity },
) {
  const [removed] = (await tx
    .delete(table)
    .where(and(eq(table.id, id), eq(table.tripId, tripId)))
    .returning()) as Table['$inferSelect'][];
  if (!removed) throw new HttpError('not_found', notFound);
  if (logged) await recordActivity(tx, tripId, logged.actorId, logged.describe(removed));
  return removed;
}
