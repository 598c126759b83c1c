import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, trips, users } from '../../platform/db/schema';

/**
 * The options a trip's group decides between (issue #21): built by the server from its own
 * search answers or a link's public preview. `source_key` (the offer, the partner's search, or
 * the link) keeps one of each on a trip.
 */
export const shortlistOptions = pgTable(
  'shortlist_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['flight', 'stay'] }).notNull(),
    sourceKey: text('source_key').notNull(),
    title: text('title').notNull(),
    detail: text('detail'),
    partner: text('partner').notNull(),
    imageUrl: text('image_url'),
    price: jsonb('price').$type<{ amount: string; currency: string }>(),
    bookUrl: text('book_url').notNull(),
    slices: jsonb('slices').$type<OfferSliceRow[]>(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    chosenBy: uuid('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('shortlist_options_source_idx').on(table.tripId, table.sourceKey),
    index('shortlist_options_trip_idx').on(table.tripId, table.createdAt),
  ],
);

/** A priced flight's leg, as shared/contracts/search.ts's OfferSlice. */
export type OfferSliceRow = {
  origin: string;
  destination: string;
  departAt: string;
  arriveAt: string;
  stops: number;
  flightNumbers: string[];
};

/** A member's yes or no on an option: one each, changed in place. */
export const shortlistVotes = pgTable(
  'shortlist_votes',
  {
    optionId: uuid('option_id')
      .notNull()
      .references(() => shortlistOptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: ['yes', 'no'] }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.optionId, table.userId] })],
);
