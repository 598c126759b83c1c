import type { LiveHandlers } from '@/features/realtime/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';

/**
 * Another member's comment saved or deleted: the trip's comment queries (the counts beside its
 * items, any thread open) read again.
 */
export const commentLive: LiveHandlers<'comment:saved' | 'comment:removed'> = {
  'comment:saved': {
    writes: (tripId) => [tripKeys.comments(tripId)],
    apply: (queryClient, tripId) =>
      void queryClient.invalidateQueries({ queryKey: tripKeys.comments(tripId) }),
  },
  'comment:removed': {
    writes: (tripId) => [tripKeys.comments(tripId)],
    apply: (queryClient, tripId) =>
      void queryClient.invalidateQueries({ queryKey: tripKeys.comments(tripId) }),
  },
};
