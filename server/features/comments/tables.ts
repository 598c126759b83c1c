import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { COMMENT_SUBJECTS } from '../../../shared/contracts/comments';
import { timestamps, trips, users } from '../../platform/db/schema';

/**
 * A comment on something of a trip (issue #24): a to-do, a flight, a shortlisted option, a poll
 * or a photo, named by type and id (no foreign key: a deleted item's thread stays, hidden, and is
 * back with the item if it is restored). It goes with its trip, and with its author's account.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', {
      enum: COMMENT_SUBJECTS,
    }).notNull(),
    subjectId: text('subject_id').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Members it mentions (kept to those on the trip when written). */
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    ...timestamps,
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('comments_subject_idx').on(table.tripId, table.subjectType, table.subjectId),
    index('comments_created_by_idx').on(table.createdBy),
  ],
);
export type CommentRow = typeof comments.$inferSelect;
