import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, trips, users } from '../../platform/db/schema';

/** A poll option as stored: its id (short, random) is what votes name. */
export type PollOptionRow = { id: string; text: string };

/**
 * A trip's poll (issue #21). Options live in the row (2 to 10, asked together, never edited);
 * votes have a table of their own. Closed by hand (`closed_at`) or by its deadline.
 */
export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    options: jsonb('options').$type<PollOptionRow[]>().notNull(),
    multiple: boolean('multiple').notNull().default(false),
    hideVoters: boolean('hide_voters').notNull().default(false),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Who asked; kept when that account goes, as null. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('polls_trip_idx').on(table.tripId, table.createdAt)],
);

/** One member's choice of one option; a member with several choices has several rows. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: text('option_id').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.pollId, table.userId, table.optionId] })],
);

export type PollRow = typeof polls.$inferSelect;
