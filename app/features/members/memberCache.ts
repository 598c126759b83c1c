import type { QueryClient } from '@tanstack/react-query';
import { flightKeys } from '@/features/flights/flightCache';
import type { LiveHandlers } from '@/features/realtime/liveHandlers';
import { todoKeys } from '@/features/todos/todoCache';
import { tripKeys } from '@/features/trips/tripKeys';

/**
 * Someone joined or left the trip, or was removed: its member list is fetched again (each viewer's
 * differs, `isCurrentUser`), and so are the to-dos and flights, since the server clears a removed
 * person's assignments and traveller entries.
 */
export function refetchMembership(queryClient: QueryClient, tripId: string) {
  return Promise.all(
    [tripKeys.members(tripId), todoKeys.list(tripId), flightKeys.list(tripId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, exact: true }),
    ),
  );
}

/** Another member's change to who is on the trip. */
export const memberLive: LiveHandlers<'members:changed'> = {
  'members:changed': {
    writes: () => [], // nothing written: refetched
    apply: (queryClient, tripId) => void refetchMembership(queryClient, tripId),
  },
};
