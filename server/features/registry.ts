import { accountFeature } from './account/feature';
import { activityFeature } from './activity/feature';
import { authFeature } from './auth/feature';
import { boardFeature } from './board/feature';
import { chatFeature } from './chat/feature';
import { commentsFeature } from './comments/feature';
import type { ServerFeature } from './feature';
import { flightsFeature } from './flights/feature';
import { healthFeature } from './health/feature';
import { itineraryFeature } from './itinerary/feature';
import { liveFeature } from './live/feature';
import { mediaFeature } from './media/feature';
import { membersFeature } from './members/feature';
import { notificationsFeature } from './notifications/feature';
import { passkeysFeature } from './passkeys/feature';
import { photosFeature } from './photos/feature';
import { plansFeature } from './plans/feature';
import { pollsFeature } from './polls/feature';
import { searchFeature } from './search/feature';
import { shortlistFeature } from './shortlist/feature';
import { siteFeature } from './site/feature';
import { todosFeature } from './todos/feature';
import { tripsFeature } from './trips/feature';
import { twoFactorFeature } from './twofactor/feature';
import { waitlistFeature } from './waitlist/feature';
import { weatherFeature } from './weather/feature';
import { whiteboardFeature } from './whiteboard/feature';

/**
 * The server's features, in the order their routes are registered and their scheduled jobs run
 * (a job that queues notifications before the notifications' run that e-mails them). A new
 * feature is one line here and a `feature.ts` in its folder.
 */
export const SERVER_FEATURES: readonly ServerFeature[] = [
  healthFeature,
  authFeature,
  accountFeature,
  twoFactorFeature,
  passkeysFeature,
  waitlistFeature,
  tripsFeature,
  liveFeature,
  boardFeature,
  todosFeature,
  flightsFeature,
  pollsFeature,
  whiteboardFeature,
  photosFeature,
  searchFeature,
  shortlistFeature,
  itineraryFeature,
  membersFeature,
  plansFeature,
  activityFeature,
  commentsFeature,
  chatFeature,
  notificationsFeature,
  weatherFeature,
  mediaFeature,
  siteFeature,
];
