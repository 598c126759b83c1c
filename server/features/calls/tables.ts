import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { trips, users } from '../../platform/db/schema';

/**
 * A call in a trip's audio room (issue #19): it starts when a second person joins and ends when
 * fewer than two remain, or at its plan's limit (the trip owner's plan when it started). At most
 * one open call per trip, which the unique index holds when two instances start one at once.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason', { enum: ['empty', 'limit'] }),
    plan: text('plan', { enum: ['free', 'premium', 'pro'] }).notNull(),
    /** The call's limit in minutes, from its plan (spec §9); null: none. */
    limitMinutes: integer('limit_minutes'),
  },
  (table) => [
    uniqueIndex('calls_open_trip_idx').on(table.tripId).where(sql`${table.endedAt} is null`),
    index('calls_trip_idx').on(table.tripId, table.startedAt),
  ],
);

export type CallRow = typeof calls.$inferSelect;

/** Who took part in a call, and for how long: a row each time a person is in it. */
export const callParticipants = pgTable(
  'call_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (table) => [index('call_participants_call_idx').on(table.callId)],
);
