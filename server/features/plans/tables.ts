import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from '../../platform/db/schema';

/**
 * Issue #17: a signed-in account asking for a paid plan while plans cannot be bought (spec §9).
 * One request per account, the latest plan asked for; an administrator grants it from the admin
 * screen, which moves the account to that plan.
 */
export const earlyAccessRequests = pgTable(
  'early_access_requests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['premium', 'pro'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('early_access_requests_created_idx').on(table.createdAt, table.userId)],
);

export type EarlyAccessRequestRow = typeof earlyAccessRequests.$inferSelect;
