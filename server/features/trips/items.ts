import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';

/** A table of things that belong to a trip (to-dos, flights, widgets, and the lists to come). */
export type TripItemTable = PgTable & { id: PgColumn; tripId: PgColumn };

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
