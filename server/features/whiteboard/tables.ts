import {
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, trips, users, widgets } from '../../platform/db/schema';

// Bytes as they are (PostgreSQL's bytea; Drizzle has no built-in for it).
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A row of a whiteboard's (issue #22): its trip, its widget, and the row's own id. */
const ofWhiteboard = () => ({
  // The widget's trip, so every row of a trip's is found by it (and goes with it).
  tripId: uuid('trip_id')
    .notNull()
    .references(() => trips.id, { onDelete: 'cascade' }),
  widgetId: text('widget_id')
    .notNull()
    .references(() => widgets.id, { onDelete: 'cascade' }),
  id: text('id').notNull(),
});

/**
 * The elements of a whiteboard's scene (issue #22), one row each, so an edit rewrites only the
 * elements it touched. `version` and `version_nonce` are the element's own (copied out of it for
 * the conditional upsert that reconciles concurrent edits); `bytes` is its size as JSON, summed
 * against the scene's limit. Deleted elements stay: they carry the version that deleted them.
 */
export const whiteboardElements = pgTable(
  'whiteboard_elements',
  {
    ...ofWhiteboard(),
    version: integer('version').notNull(),
    versionNonce: integer('version_nonce').notNull(),
    isDeleted: boolean('is_deleted').notNull(),
    element: jsonb('element').$type<Record<string, unknown>>().notNull(),
    bytes: integer('bytes').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.widgetId, table.id] })],
);

/**
 * Pictures pasted on a whiteboard, served only to the trip's members. `id` is Excalidraw's (a
 * hash of the bytes): a picture is written once and never changes. Its bytes are in the photo
 * storage at `storage_key` (issue #23; a row's delete leaves the key to the storage sweeper, by a
 * trigger of migration 0022); rows from before that kept them in `data`, until moved.
 */
export const whiteboardFiles = pgTable(
  'whiteboard_files',
  {
    ...ofWhiteboard(),
    mimeType: text('mime_type').notNull(),
    data: bytes('data'),
    storageKey: text('storage_key'),
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.widgetId, table.id] })],
);
