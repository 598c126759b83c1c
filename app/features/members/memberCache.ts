import type { LiveHandlers } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';

/**
 * Someone joined or left the trip, or was removed: its member list is fetched again (each
 * viewer's differs, `isCurrentUser`). What of theirs let go of them (a to-do unassigned, a
 * flight the group's) arrives as changes of its own.
 */
export const memberLive: LiveHandlers<'members:changed'> = {
  'members:changed': {
    writes: () => [], // nothing written: refetched
    apply: (queryClient, tripId) =>
      void queryClient.invalidateQueries({ queryKey: tripKeys.members(tripId), exact: true }),
  },
};
