import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { trips, users } from '../../platform/db/schema';

/**
 * A message of a trip's chat (issue #38). It goes with its trip, and with its author's account
 * (as a comment does); the retention job deletes it once it is older than the owner's plan keeps.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Members it mentions (kept to those on the trip when written). */
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    // Written from the server's clock in milliseconds (not now()), so a page's cursor, which
    // carries milliseconds, never falls between two messages.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_messages_trip_idx').on(table.tripId, table.createdAt, table.id),
    index('chat_messages_created_idx').on(table.createdAt),
    index('chat_messages_created_by_idx').on(table.createdBy),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * How far each member has read a trip's chat: the newest message they have seen, by its time and
 * id (the order messages are shown in). No row: nothing read since they joined the trip.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    readId: uuid('read_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tripId, table.userId] })],
);
