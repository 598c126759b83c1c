import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, trips, users } from '../../platform/db/schema';

/** spec §3 Todo: a trip's shared to-do list. */
export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    dueDate: timestamp('due_date', { withTimezone: true }),
    priority: text('priority', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    /** A member's user id (spec §3); cleared if that account goes. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** Who added it (issue #37: a create sent again by them answers it); null: the server's own. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('todos_trip_idx').on(table.tripId, table.createdAt),
    // Issue #24: the to-dos coming due, for their assignees' notifications.
    index('todos_due_idx')
      .on(table.dueDate)
      .where(sql`not ${table.isCompleted} and ${table.assignedTo} is not null`),
  ],
);

export type TodoRow = typeof todos.$inferSelect;
