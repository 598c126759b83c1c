import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { trips, users } from '../../platform/db/schema';

/**
 * Issue #24: what a person is told about, one row per person and event. `in_app` rows are the
 * bell's entries; `email_pending` ones wait for the notification e-mails' job. `dedupe_key` makes
 * an event found by a scheduled job (a reminder, a poll's deadline) one row however many runs or
 * instances find it. A trigger announces every change on `tripmates_notifications` (migration
 * 0025), so the person's open tabs hear of it whichever instance or job made it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').unique(),
    inApp: boolean('in_app').notNull(),
    emailPending: boolean('email_pending').notNull(),
    // From the server's clock in milliseconds, as the history's, for the pages' cursors.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_bell_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.inApp}`),
    index('notifications_email_idx').on(table.createdAt).where(sql`${table.emailPending}`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Every e-mail Tripmates sent on its own (issue #24), by what it was for: a notification's, or a
 * trip's summary for one person on one day. Its row is written before the e-mail is sent, and
 * the key is unique, so an e-mail is never sent twice — by a second instance, a retried job or a
 * run after a restart (a crash between the two loses that e-mail rather than repeat it).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('email_deliveries_user_idx').on(table.userId, table.kind, table.tripId)],
);
