import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { Widget } from '../../../shared/contracts/board';

/**
 * The cached board of a trip, written by this tab's saves (shown early, saved, or put back) and
 * by other members' live changes alike.
 */
export const {
  save: saveWidgetInCache,
  replace: replaceWidgetInCache,
  remove: removeWidgetFromCache,
  live: widgetLive,
} = tripListCache<Widget>(tripKeys.widgets);
