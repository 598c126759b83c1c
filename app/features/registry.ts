import type { RegisteredMutation } from '@/lib/mutations';
import { activityFeature } from './activity/feature';
import { boardFeature } from './board/feature';
import { chatFeature } from './chat/feature';
import { commentsFeature } from './comments/feature';
import { countdownFeature } from './countdown/feature';
import type { ClientFeature } from './feature';
import { flightsFeature } from './flights/feature';
import { itineraryFeature } from './itinerary/feature';
import { mediaFeature } from './media/feature';
import { membersFeature } from './members/feature';
import { photosFeature } from './photos/feature';
import { pollsFeature } from './polls/feature';
import { searchFeature } from './search/feature';
import { shortlistFeature } from './shortlist/feature';
import { todosFeature } from './todos/feature';
import { tripsFeature } from './trips/feature';
import { weatherFeature } from './weather/feature';
import { whiteboardFeature } from './whiteboard/feature';

// Their widgets come in this order in the Add Widget dialog: spec §2's five, then issues #21's,
// #22's and #39's.
const FEATURES = [
  tripsFeature,
  membersFeature,
  boardFeature,
  countdownFeature,
  flightsFeature,
  weatherFeature,
  todosFeature,
  mediaFeature,
  photosFeature,
  searchFeature,
  shortlistFeature,
  pollsFeature,
  whiteboardFeature,
  itineraryFeature,
  commentsFeature,
  chatFeature,
  activityFeature,
] as const satisfies readonly ClientFeature[];

/**
 * The client's features (issue #37): the board, the live connection and the history each read
 * what they need of every feature from this one list.
 */
export const CLIENT_FEATURES: readonly ClientFeature[] = FEATURES;

/** Each feature as it is declared, for the checks that every change type has one handler … */
export type ClientFeatures = typeof FEATURES;

/**
 * Every feature's mutations (issue #37), each under its key: registered on the app's query client
 * when the dashboard's code loads (app/pages/DashboardPage.tsx), so that any of them can be run
 * again from its key and variables alone.
 */
export const FEATURE_MUTATIONS: readonly RegisteredMutation[] = CLIENT_FEATURES.flatMap((feature) =>
  Object.values(feature.mutations ?? {}),
);
