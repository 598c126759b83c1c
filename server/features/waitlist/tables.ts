import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/schema';

/**
 * spec §3 waitlist entries, sent by the landing banner, the newsletter box and the blog. One row
 * per address (stored lower-cased): a repeated sign-up changes nothing.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    source: text('source', { enum: ['landing', 'newsletter', 'blog'] }).notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('waitlist_entries_email_idx').on(table.email),
    index('waitlist_entries_created_idx').on(table.createdAt),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
