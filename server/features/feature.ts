import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ActivityKind, RestorableKind } from '../../shared/contracts/activity';
import type { WidgetType } from '../../shared/contracts/board';
import type { CommentSubjectType } from '../../shared/contracts/comments';
import type { Config } from '../platform/config';
import type { Database, Db, Tx } from '../platform/db/client';
import type { Job } from '../platform/scheduler';
import type { Restorer } from './activity/record';
import type { Change } from './live';
import type { PhotoFiles } from './photos';
import type { TripItemTable } from './trips/items';

/** What the app hands every feature when it plugs it in. */
export type FeatureDeps = {
  database: Database;
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** The trip's file storage (the album's photos, the whiteboard's pictures) and its limits. */
  files: PhotoFiles;
};

/** How a kind of item is a comment's subject: where it lives and what names it. */
export type CommentSubjectSource = {
  table: TripItemTable;
  /** The item's name in the history and in notices ("commented on …"); null: no such item. */
  label: (db: Db | Tx, id: string) => Promise<string | null>;
};

/** The server's rules for a widget type beyond what every widget has. */
export type WidgetPolicy = {
  /** A new one's title when none is given (spec §4's `New <type> Widget` otherwise). */
  defaultTitle?: string;
  /** Refuses (an HttpError) a trip that may not have it (a plan's feature), in the change's transaction. */
  assertAllowed?: (tx: Tx, tripId: string) => Promise<void>;
};

/**
 * A feature as the server plugs it in (issue #37; tldraw's `defaultShapeUtils` is the model):
 * everything the rest of the app needs to know about it, declared in its own folder. The app is
 * the list of these (registry.ts); no other file names a feature to wire it in.
 */
export type ServerFeature = {
  name: string;
  /** Its HTTP routes and whatever it runs beside them (a sweeper), stopped when the app closes. */
  register?: (app: FastifyInstance, deps: FeatureDeps) => PromiseLike<unknown> | undefined;
  /** Its scheduled work (deadlines, reminders), run once across instances. */
  jobs?: (deps: FeatureDeps) => Job[];
  /** Bringing back an item whose deletion its history kept, by the deletion's kind. */
  restorers?: { [K in RestorableKind]?: { restorer: Restorer; restored: ActivityKind } };
  /** Its items that can be commented on. */
  commentSubjects?: { [K in CommentSubjectType]?: CommentSubjectSource };
  /** Its widget types' rules. */
  widgets?: { [K in WidgetType]?: WidgetPolicy };
  /**
   * A member is leaving the trip (or being removed, or deleting their account): what of theirs
   * changes, in the same transaction, so that nothing of the trip keeps pointing at an outsider
   * (and announced with it, so the others' lists follow).
   */
  memberLeaving?: (change: Change, tripId: string, userId: string) => Promise<void>;
  /** A new account's first trip: its sample data, in the trip's transaction. */
  firstTrip?: (tx: Tx, tripId: string, now: Date) => Promise<void>;
};

/** An item's subject entry whose name is one column (or SQL) of its row. */
export function labelledBy(
  table: TripItemTable,
  column: PgColumn | SQL<string>,
): CommentSubjectSource {
  return {
    table,
    label: async (db, id) => {
      const [row] = await db.select({ label: column }).from(table).where(eq(table.id, id));
      return row ? String(row.label) : null;
    },
  };
}
