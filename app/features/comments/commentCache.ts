import type { QueryClient } from '@tanstack/react-query';
import type { LiveList } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';

const readAgain = (queryClient: QueryClient, tripId: string) =>
  void queryClient.invalidateQueries({ queryKey: tripKeys.comments(tripId) });

/**
 * Another member's comment saved or deleted: the trip's comment queries (the counts beside its
 * items, any thread open) read again.
 */
export const commentLive: LiveList<'comments'> = {
  writes: (tripId) => [tripKeys.comments(tripId)],
  saved: readAgain,
  removed: readAgain,
};
