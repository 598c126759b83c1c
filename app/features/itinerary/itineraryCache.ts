import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';

export const itineraryKeys = {
  list: (tripId: string) => [...tripKeys.trip(tripId), 'itinerary'] as const,
};

/**
 * The cached plan of a trip: this tab's changes and other members' live ones go through it. Its
 * order is the widget's to make (by day, then rank), so the list itself keeps any order.
 */
export const {
  update: updatePlan,
  save: savePlanItemInCache,
  replace: replacePlanItemInCache,
  remove: removePlanItemFromCache,
  live: itineraryLive,
} = tripListCache<ItineraryItem>(itineraryKeys.list);
