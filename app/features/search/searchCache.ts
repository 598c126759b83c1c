import type { QueryClient } from '@tanstack/react-query';
import type { LiveList } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import type { TripSearch, TripSearches } from '../../../shared/contracts/search';

export const searchKeys = {
  /** The trip's latest search of each kind. */
  latest: (tripId: string) => [...tripKeys.trip(tripId), 'searches'] as const,
};

/** The trip's latest search of the kind becomes this one (mine, or another member's). */
export function saveSearchInCache(queryClient: QueryClient, tripId: string, search: TripSearch) {
  queryClient.setQueryData<TripSearches>(searchKeys.latest(tripId), (searches) => {
    if (!searches) return searches; // loads whole when a search widget is shown
    // A late answer must not replace a newer search that arrived live meanwhile.
    const current = searches[search.kind];
    if (current && current.ranAt > search.ranAt) return searches;
    return { ...searches, [search.kind]: search };
  });
}

/** Another member's search, live (a search is never removed: the next of its kind replaces it). */
export const searchLive: LiveList<'searches'> = {
  writes: (tripId) => [searchKeys.latest(tripId)],
  saved: saveSearchInCache,
  removed: () => {},
};
