import { countdownShared } from '../countdown';
import type { ActivityWords, NoticeKind, SharedFeature, WidgetSize } from '../featureContract';
import { callsShared } from './calls';
import { chatShared } from './chat';
import { flightsShared } from './flights';
import { itineraryShared } from './itinerary';
import { mediaShared } from './media';
import { photosShared } from './photos';
import { pollsShared } from './polls';
import { searchShared } from './search';
import { shortlistShared } from './shortlist';
import { todosShared } from './todos';
import { weatherShared } from './weather';
import { whiteboardShared } from './whiteboard';

/**
 * The features that add to the lists both sides share (issue #37): their lists of a trip's
 * things, widget types (in spec §2's order, then issues #21's and #22's), what can be commented
 * on, the history's kinds and their words, notifications (in the settings page's order). The
 * live protocol and the board, comments, history and notifications contracts read their lists
 * from here; a new feature is one line.
 */
const FEATURES = [
  // First: its notices come next to the comments' mentions on the settings page.
  chatShared,
  countdownShared,
  flightsShared,
  weatherShared,
  todosShared,
  mediaShared,
  searchShared,
  callsShared,
  pollsShared,
  whiteboardShared,
  photosShared,
  shortlistShared,
  itineraryShared,
] as const satisfies readonly SharedFeature[];

type Feature = (typeof FEATURES)[number];
type ListOf<P extends 'commentSubjects'> = Feature extends infer F
  ? F extends { [K in P]: readonly (infer T)[] }
    ? T
    : never
  : never;
type KeysOf<P extends 'lists' | 'widgets' | 'activity' | 'notices'> = Feature extends infer F
  ? F extends { [K in P]: infer R }
    ? keyof R & string
    : never
  : never;

/** A list gathered from every feature, typed as the union of its members (for `z.enum`). */
function gathered<T extends string>(
  part: (feature: SharedFeature) => readonly string[] = () => [],
) {
  return FEATURES.flatMap((feature: SharedFeature) => part(feature)) as unknown as readonly [
    T,
    ...T[],
  ];
}

type FeatureWidgetType = KeysOf<'widgets'>;
export const FEATURE_WIDGET_TYPES = gathered<FeatureWidgetType>((f) =>
  Object.keys(f.widgets ?? {}),
);
/** Each widget type's size on the board. */
export const FEATURE_WIDGET_SIZES = Object.assign(
  {},
  ...FEATURES.map((feature: SharedFeature) => feature.widgets ?? {}),
) as Record<FeatureWidgetType, WidgetSize>;
export const FEATURE_COMMENT_SUBJECTS = gathered<ListOf<'commentSubjects'>>(
  (f) => f.commentSubjects ?? [],
);

export type FeatureListName = KeysOf<'lists'>;
type ListSchema<L extends FeatureListName> = Feature extends infer F
  ? F extends { lists: { [K in L]: infer Schema } }
    ? Schema
    : never
  : never;
/** Each feature's lists of a trip's things, by name, with their items' schemas. */
export const FEATURE_LISTS = Object.assign(
  {},
  ...FEATURES.map((feature: SharedFeature) => feature.lists ?? {}),
) as { [L in FeatureListName]: ListSchema<L> };

export type FeatureActivityKind = KeysOf<'activity'>;
export const FEATURE_ACTIVITY = Object.assign(
  {},
  ...FEATURES.map((feature: SharedFeature) => feature.activity ?? {}),
) as Record<FeatureActivityKind, ActivityWords>;

export type FeatureNoticeKind = KeysOf<'notices'>;
export const FEATURE_NOTICES = Object.assign(
  {},
  ...FEATURES.map((feature: SharedFeature) => feature.notices ?? {}),
) as Record<FeatureNoticeKind, NoticeKind>;
