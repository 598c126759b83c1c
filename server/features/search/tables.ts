import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { trips, users } from '../../platform/db/schema';

/**
 * The latest search of each kind on a trip (issue #21): the query, who ran it, and its answer
 * (offers and partner links, as shared/contracts/search.ts shapes them). A new search replaces
 * the last; everyone on the trip sees the same one.
 */
export const tripSearches = pgTable(
  'trip_searches',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['flights', 'stays'] }).notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tripId, table.kind] })],
);
