import { bigint, index, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import type { TripChange } from '../../../shared/contracts/live';
import { timestamps, trips } from '../../platform/db/schema';

/**
 * Each trip's last change number (issue #37). Its own row rather than a column of `trips`: a
 * change takes this lock last, just before it commits, so it never waits for it while holding
 * what another change wants first (the trip's row, which adding an item locks early).
 */
export const tripChangeHeads = pgTable('trip_change_heads', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/**
 * A trip's recent changes as the live side sent them, by number: a tab that was away, or missed
 * one, asks for what came after the last it saw (changeLog.ts).
 */
export const tripChanges = pgTable(
  'trip_changes',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    change: jsonb('change').$type<TripChange>().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.tripId, table.seq] }),
    index('trip_changes_created_idx').on(table.createdAt),
  ],
);
