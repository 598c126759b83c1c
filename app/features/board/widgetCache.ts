import type { LiveHandlers } from '@/features/realtime/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { WidgetDto } from '../../../shared/contracts/board';

/**
 * The cached board of a trip, written by this tab's saves (shown early, saved, or put back) and
 * by other members' live changes alike.
 */
export const {
  save: saveWidgetInCache,
  replace: replaceWidgetInCache,
  remove: removeWidgetFromCache,
} = tripListCache<WidgetDto>(tripKeys.widgets);

/** Another member's saved changes to the board. */
export const widgetLive: LiveHandlers<'widget:saved' | 'widget:removed'> = {
  'widget:saved': {
    writes: (tripId) => [tripKeys.widgets(tripId)],
    apply: (queryClient, tripId, { widget }) => saveWidgetInCache(queryClient, tripId, widget),
  },
  'widget:removed': {
    writes: (tripId) => [tripKeys.widgets(tripId)],
    apply: (queryClient, tripId, { widgetId }) =>
      removeWidgetFromCache(queryClient, tripId, widgetId),
  },
};
