import {
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ITINERARY_KINDS, type Place } from '../../../shared/contracts/itinerary';
import { timestamps, trips, users } from '../../platform/db/schema';

/**
 * Text compared byte by byte (the "C" collation), whatever the database's default: fractional-
 * indexing keys are ordered by their bytes ("Zz" < "a0"), which a language's collation (en_US
 * puts "a0" before "Zz") would not keep. The column's own collation holds for every comparison,
 * ORDER BY and index on it, on PGlite and PostgreSQL alike.
 */
const bytewiseText = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
});

/**
 * Issue #39: the trip's plan, one row an item. `day` is a trip day, or null for an idea; `rank`
 * orders the items of one day (a fractional index, ties broken by id). A move rewrites its own
 * row only, so two members moving different items at once both keep their moves.
 */
export const itineraryItems = pgTable(
  'itinerary_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** Who added it (a create sent again by them answers it); null once that account goes. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ITINERARY_KINDS }).notNull().default('activity'),
    title: text('title').notNull(),
    /** Kept when the trip's dates change: an item outside them is shown so, never lost. */
    day: date('day', { mode: 'string' }),
    rank: bytewiseText('rank').notNull(),
    /** Local times of day in the trip's zone, `HH:MM`. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    place: jsonb('place').$type<Place>(),
    link: text('link'),
    notes: text('notes'),
    /** An estimate in whole minor units (cents), with its currency: both or neither. */
    costCents: integer('cost_cents'),
    costCurrency: text('cost_currency'),
    /** The members who go, in the order chosen; null: everyone on the trip. */
    goers: uuid('goers').array(),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index('itinerary_items_order_idx').on(table.tripId, table.day, table.rank)],
);

export type ItineraryItemRow = typeof itineraryItems.$inferSelect;
