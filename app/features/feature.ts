import type { QueryKey } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { RegisteredMutation } from '@/lib/mutations';
import type { Plan } from '../../shared/contracts/account';
import type { RestorableKind } from '../../shared/contracts/activity';
import type { Widget, WidgetType } from '../../shared/contracts/board';
import type { TripListName } from '../../shared/contracts/live';
import type { Trip } from '../../shared/contracts/trips';
import type { LiveHandler, LiveList, TripEventType } from './live/liveHandlers';
import type { LiveTrip } from './live/useLiveTrip';

/** What the board hands the body of every widget; each takes what it needs. */
export type WidgetBodyProps = {
  widget: Widget;
  trip: Trip;
  expanded: boolean;
  /** The trip's live room, for the widgets that speak on it themselves (the whiteboard). */
  live?: LiveTrip;
  onExpand: () => void;
};

export type WidgetKind = {
  type: WidgetType;
  /** The Add Widget dialog's name and description (spec §2). */
  name: string;
  description: string;
  icon: LucideIcon;
  /**
   * Only on a trip whose owner's plan allows it (spec §9; the server refuses it otherwise), and
   * what upgrading would give, said where it is offered.
   */
  paidPlan?: { allowed: (plan: Plan) => boolean; note: string };
  /**
   * What removing one loses for good, which Undo could not bring back (a whiteboard's drawing):
   * the board asks first, saying this, instead of offering Undo.
   */
  removalWarning?: string;
  /**
   * Its own address below the trip's, when expanded it is a page of the trip (issue #39: the
   * itinerary's `plan`, `/trips/:tripId/plan`): expanding goes there, the address opens it
   * expanded, and it then takes the whole screen below the top bar.
   */
  page?: string;
  /** What goes inside its frame. */
  Body: ComponentType<WidgetBodyProps>;
};

/**
 * A feature as the client plugs it in (issue #37; tldraw's `defaultShapeUtils` is the model):
 * what the board, the live connection and the history need to know about it, declared in its
 * own folder (`<feature>/feature.ts`). The app is the list of these (registry.ts). Declare one
 * with `satisfies ClientFeature`, so that what it claims keeps its literal types for the
 * exactly-once checks below.
 */
export type ClientFeature = {
  name: string;
  /** Its widget types; the registry's order is the Add Widget dialog's. */
  widgets?: readonly WidgetKind[];
  /** Its lists of a trip's things, and how another member's change to one is cached here. */
  lists?: { [L in TripListName]?: LiveList<L> };
  /** How another member's change to the trip itself is taken into this tab's query cache. */
  live?: { [K in TripEventType]?: LiveHandler<K> };
  /** Its list that restoring a deletion from the history brings an item back to, by its kind. */
  restored?: { [K in RestorableKind]?: (tripId: string) => QueryKey };
  /**
   * Its mutations' defaults by action, each under the key `[name, action]` (issue #37): the
   * registry hands them to the query client, which can then run one again from its key alone.
   */
  mutations?: Record<string, RegisteredMutation>;
};

/** The names each feature of a list claims under `part` (change types …), feature by feature. */
export type KeysClaimed<
  Features extends readonly unknown[],
  Part extends 'lists' | 'live' | 'restored',
> = {
  [I in keyof Features]: Features[I] extends { [P in Part]: infer Claims } ? keyof Claims : never;
};

/** The widget types each feature of a list shows, feature by feature. */
export type WidgetTypesClaimed<Features extends readonly unknown[]> = {
  [I in keyof Features]: Features[I] extends { widgets: readonly { type: infer T }[] } ? T : never;
};

type ClaimedTwice<Claims extends readonly unknown[]> = Claims extends readonly [
  infer First,
  ...infer Rest,
]
  ? (First & Rest[number]) | ClaimedTwice<Rest>
  : never;

/**
 * `true` when each of `All` is claimed by exactly one feature; otherwise what no feature claims
 * and what two do, so that `true satisfies EachExactlyOnce<…>` fails to compile and says which.
 */
export type EachExactlyOnce<All, Claims extends readonly unknown[]> = [
  Exclude<All, Claims[number]>,
  ClaimedTwice<Claims>,
] extends [never, never]
  ? true
  : { unclaimed: Exclude<All, Claims[number]>; claimedTwice: ClaimedTwice<Claims> };
