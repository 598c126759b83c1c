import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, trips, users } from '../../platform/db/schema';

/**
 * A trip's album (issue #23): the group's own photos. The files live in the photo storage (files
 * under DATA_DIR, or S3), at `storage_keys`; a row's delete, by hand or by its trip's or its
 * uploader's account's cascade, leaves those keys in `storage_deletions` in the same transaction
 * (a trigger, migration 0021), so no path that deletes a photo can forget its files.
 */
export const tripPhotos = pgTable(
  'trip_photos',
  {
    id: uuid('id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    // Deleting an account removes the photos it added (issue #23), on every trip.
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caption: text('caption'),
    fileName: text('file_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Every stored variant's size, added up: what the photo takes of the album's room. */
    bytes: integer('bytes').notNull(),
    /** The content type of each stored variant, by name (`thumbnail`, `medium`, `full`, `original`). */
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    storageKeys: text('storage_keys').array().notNull(),
    ...timestamps,
  },
  (table) => [
    index('trip_photos_trip_idx').on(table.tripId, table.createdAt),
    // An account's deletion finds its photos by this.
    index('trip_photos_created_by_idx').on(table.createdBy),
  ],
);

/**
 * Stored files to delete once `due_at` has come (issue #23). A deleted photo's files are due at
 * once; an upload's files are written here as due an hour later before they are stored, and
 * struck off when the photo's row is saved, so a crash between the two leaves nothing behind.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    key: text('key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('storage_deletions_due_idx').on(table.dueAt)],
);
