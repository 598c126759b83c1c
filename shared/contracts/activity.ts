import { z } from 'zod';
import { FEATURE_ACTIVITY, type FeatureActivityKind } from './features';
import { pageQuery } from './paging';
import { uuidParam } from './params';

/**
 * Issue #24: what can happen on a trip, as its history records it. `<thing>.<what happened>`;
 * the board's, comments', members' and the trip's own here, each feature's in its contract
 * (shared/contracts/features.ts); shared/activityText.ts words them.
 */
const CORE_ACTIVITY_KINDS = [
  'widget.added',
  'widget.moved',
  'widget.renamed',
  'widget.removed',
  'widget.restored',
  'widget.arranged',
  'comment.added',
  'member.joined',
  'member.left',
  'member.removed',
  'trip.renamed',
  'trip.dates',
] as const;
export type CoreActivityKind = (typeof CORE_ACTIVITY_KINDS)[number];
export type ActivityKind = CoreActivityKind | FeatureActivityKind;
export const ACTIVITY_KINDS = [
  ...CORE_ACTIVITY_KINDS,
  ...Object.keys(FEATURE_ACTIVITY),
] as unknown as readonly [ActivityKind, ...ActivityKind[]];

/** The deletions whose entry can bring the item back (its row is kept in the entry). */
export const RESTORABLE_KINDS = [
  'todo.deleted',
  'flight.deleted',
  'widget.removed',
  'plan.deleted',
] as const;
export type RestorableKind = (typeof RESTORABLE_KINDS)[number];
export const isRestorable = (kind: string): kind is RestorableKind =>
  (RESTORABLE_KINDS as readonly string[]).includes(kind);

/**
 * What an entry says beside its kind, as it was then (a to-do renamed later keeps its old text
 * here): `label` names the item; the rest belongs to some kinds.
 */
export const activityData = z.object({
  /** The to-do's text, the flight's number, the widget's title, the poll's question… */
  label: z.string().optional(),
  /** A widget's type, to word it ("the Weather widget"). */
  widgetType: z.string().optional(),
  /** A vote's or a choice's option; a person's name (answers fill it in from `userId`). */
  detail: z.string().optional(),
  /** The person the entry is about besides its actor: a to-do's assignee, a removed member. */
  userId: z.string().optional(),
  /** A call's people (answers fill in `people`, their names, from these) and its minutes. */
  userIds: z.array(z.string()).optional(),
  people: z.array(z.string()).optional(),
  minutes: z.number().optional(),
});
export type ActivityData = z.infer<typeof activityData>;

export const activityEntry = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** Who did it; null for the trip itself (a call that ended) or an account since deleted. */
  actor: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }).nullable(),
  subjectId: z.string().nullable(),
  data: activityData,
  /** A deletion that can be undone from here: not yet restored. */
  restorable: z.boolean(),
  restoredAt: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/**
 * `GET /api/trips/:tripId/activity`: newest first, a page at a time, paged as every growing list
 * is (shared/contracts/paging.ts: the cursor and the count in headers). How far back it goes is
 * the owner's plan's `activityDays` (shared/plans.ts).
 */
export const activityList = z.array(activityEntry);

export const ACTIVITY_PAGE = { size: 50, max: 100 } as const;
export const activityQuery = pageQuery(ACTIVITY_PAGE);

export const ACTIVITY_MESSAGES = {
  notFound: 'No such entry in this trip’s history',
  badCursor: 'That page of the history cannot be found. Start again from the newest.',
  notRestorable: 'Only a deleted to-do, flight, widget or plan item can be restored',
  alreadyRestored: 'That has already been restored',
  stillThere: 'That is still on the trip: nothing to restore',
} as const;

export const activityEntryParams = z.object({
  tripId: uuidParam(ACTIVITY_MESSAGES.notFound),
  entryId: uuidParam(ACTIVITY_MESSAGES.notFound),
});

/** `POST …/activity/:entryId/restore`: the entry, now restored. */
export const restoreAnswer = z.object({ entry: activityEntry });
