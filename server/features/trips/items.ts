import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client';
import { trips } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { type Activity, recordActivity } from '../activity/record';

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

/**
 * How a change to an item enters the trip's history (issue #24): who made it, and the entry it
 * makes (none: a change the history does not tell, such as a widget's settings).
 */
export type ItemHistory<Row> = {
  actorId: string | null;
  describe: (row: Row, before: Row) => Activity | null;
};

// Both answer `notFound` when the item is gone: another member was quicker than this request,
// whose policy still found it a moment ago.

/**
 * Sets the given columns of the trip's item `id`; an undefined value leaves its column as it is.
 * With `history`, the row as it was is read (locked) first, and the entry written in the same
 * transaction.
 */
export async function updateTripItem<Table extends TripItemTable>(
  db: Db,
  table: Table,
  tripId: string,
  id: string,
  changes: PgUpdateSetSource<Table>,
  notFound: string,
  history?: ItemHistory<Table['$inferSelect']>,
): Promise<Table['$inferSelect']> {
  const where = and(eq(table.id, id), eq(table.tripId, tripId));
  return db.transaction(async (tx) => {
    // Drizzle cannot type what a generic table's select or update returns: it is that table's row.
    const [before] = history
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
    if (history && before) {
      const activity = history.describe(row, before);
      if (activity) await recordActivity(tx, tripId, history.actorId, activity);
    }
    return row;
  });
}

/** Deletes the trip's item `id`; with `history`, its entry (which may keep the row) too. */
export async function deleteTripItem<Table extends TripItemTable>(
  db: Db,
  table: Table,
  tripId: string,
  id: string,
  notFound: string,
  history?: { actorId: string | null; describe: (row: Table['$inferSelect']) => Activity },
) {
  await db.transaction(async (tx) => {
    const [removed] = (await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.tripId, tripId)))
      .returning()) as Table['$inferSelect'][];
    if (!removed) throw new HttpError('not_found', notFound);
    if (history) await recordActivity(tx, tripId, history.actorId, history.describe(removed));
  });
}
