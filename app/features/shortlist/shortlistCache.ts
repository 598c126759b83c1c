import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { ShortlistOption } from '../../../shared/contracts/shortlist';

export const shortlistKeys = {
  list: (tripId: string) => [...tripKeys.trip(tripId), 'shortlist'] as const,
};

/** The trip's shortlist, oldest first: this tab's answers and the others' live changes. */
export const {
  save: saveOptionInCache,
  replace: replaceOptionInCache,
  remove: removeOptionFromCache,
  live: shortlistLive,
} = tripListCache<ShortlistOption>(shortlistKeys.list);
