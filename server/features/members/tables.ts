import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, trips, users } from '../../platform/db/schema';

/**
 * A trip's invitation link (issue #7): one per trip, made when the owner first asks for it. The
 * code is the link's secret; resetting the link replaces it, and the old code stops at once.
 */
export const tripInvitations = pgTable('trip_invitations', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  /** 128 random bits, base64url. */
  code: text('code').notNull().unique('trip_invitations_code_key'),
  /** Who made (or last reset) the link; kept when that account goes, as null. */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type TripInvitationRow = typeof tripInvitations.$inferSelect;

/**
 * A magic-link invitation (issue #7, Premium and Pro): e-mailed to one address, it signs that
 * person in — making a passwordless account when they have none — and joins them to the trip.
 * Only the SHA-256 of the token is kept (like sessions and reset links): a database leak lets
 * nobody in. Single use: `used_at` is set in the statement that claims it.
 */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** Lower-cased: the account it signs into is found by e-mail, ignoring case. */
    email: text('email').notNull(),
    /** As the owner typed it; becomes the first name of an account made by the link. */
    name: text('name'),
    /** Who sent it; kept when that account goes, as null. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('magic_links_token_hash_idx').on(table.tokenHash),
    index('magic_links_trip_idx').on(table.tripId),
  ],
);

export type MagicLinkRow = typeof magicLinks.$inferSelect;
