import type { LiveHandlers } from '@/features/realtime/liveHandlers';
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
} = tripListCache<ShortlistOption>(shortlistKeys.list);

export const shortlistLive: LiveHandlers<'shortlist:saved' | 'shortlist:removed'> = {
  'shortlist:saved': {
    writes: (tripId) => [shortlistKeys.list(tripId)],
    apply: (queryClient, tripId, { option }) => saveOptionInCache(queryClient, tripId, option),
  },
  'shortlist:removed': {
    writes: (tripId) => [shortlistKeys.list(tripId)],
    apply: (queryClient, tripId, { optionId }) =>
      removeOptionFromCache(queryClient, tripId, optionId),
  },
};
