import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client';
import { trips } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

/** A table of things that belong to a trip (to-dos, flights, widgets, and the lists to come). */
export type TripItemTable = PgTable & { id: PgColumn; tripId: PgColumn };

/**
 * Writes a new item of the trip if the trip has room for it (`max` items of the table), else
 * answers 403 `item_limit` with `message`. The trip's row is locked while its items are
 * counted, so members adding at the same moment cannot together go past the limit.
 */
export async function insertWithinLimit<T>(
  db: Db,
  table: TripItemTable,
  tripId: string,
  limit: { max: number; message: string },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
    if ((await tx.$count(table, eq(table.tripId, tripId))) >= limit.max) {
      throw new HttpError('item_limit', limit.message);
    }
    return insert(tx);
  });
}

// Both answer `notFound` when the item is gone: another member was quicker than this request,
// whose policy still found it a moment ago.

/** Sets the given columns of the trip's item `id`; an undefined value leaves its column as it is. */
export async function updateTripItem<Table extends TripItemTable>(
  db: Db,
  table: Table,
  tripId: string,
  id: string,
  changes: PgUpdateSetSource<Table>,
  notFound: string,
): Promise<Table['$inferSelect']> {
  // Drizzle cannot type what a generic table's update returns: it is that table's row.
  const [row] = (await db
    .update(table)
    .set(changes)
    .where(and(eq(table.id, id), eq(table.tripId, tripId)))
    .returning()) as Table['$inferSelect'][];
  if (!row) throw new HttpError('not_found', notFound);
  return row;
}

/** Deletes the trip's item `id`. */
export async function deleteTripItem(
  db: Db,
  table: TripItemTable,
  tripId: string,
  id: string,
  notFound: string,
) {
  const removed = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.tripId, tripId)))
    .returning({ id: table.id });
  if (removed.length === 0) throw new HttpError('not_found', notFound);
}
