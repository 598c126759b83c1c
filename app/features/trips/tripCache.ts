import type { QueryClient } from '@tanstack/react-query';
import type { LiveHandlers } from '@/features/live/liveHandlers';
import type { Trip } from '../../../shared/contracts/trips';
import { tripKeys } from './tripKeys';

// The server lists trips by start date, then by when they were made; the cache keeps that order.
const byStart = (a: Trip, b: Trip) =>
  a.startDate.localeCompare(b.startDate) || a.createdAt.localeCompare(b.createdAt);

/** Puts a trip the server answered with into the cached list (added, or replacing its old self). */
export function storeTrip(queryClient: QueryClient, trip: Trip) {
  queryClient.setQueryData<Trip[]>(tripKeys.all, (list) =>
    [...(list ?? []).filter((other) => other.id !== trip.id), trip].sort(byStart),
  );
  queryClient.setQueryData(tripKeys.trip(trip.id), trip);
}

/**
 * A trip I am no longer on (deleted, left, removed from): out of my list, so the dashboard moves
 * on, and every query under its key (members, widgets, to-dos, flights) dropped. The list is not
 * fetched again: the server makes a first trip for a user with none on `GET`, and losing the
 * last trip must not bring one back behind the user's back.
 */
export function forgetTrip(queryClient: QueryClient, tripId: string) {
  queryClient.setQueryData<Trip[]>(tripKeys.all, (list) =>
    list?.filter((trip) => trip.id !== tripId),
  );
  queryClient.removeQueries({ queryKey: tripKeys.trip(tripId) });
}

/** The deletion of a trip by this tab, while it is under way. */
export const DELETE_TRIP_KEY = ['trips', 'delete'] as const;

/**
 * Whether being told the trip is gone for me is news to this tab: it is still on my list (a
 * second message about it, or one after I left it here, is not) and this tab is not deleting it.
 */
export function isGoneNews(queryClient: QueryClient, tripId: string) {
  const listed = queryClient.getQueryData<Trip[]>(tripKeys.all);
  if (listed && !listed.some((trip) => trip.id === tripId)) return false;
  const deleting = queryClient
    .getMutationCache()
    .findAll({ mutationKey: DELETE_TRIP_KEY, status: 'pending' });
  return !deleting.some((mutation) => mutation.state.variables === tripId);
}

/** My trip list, and the trip's own entry, are what a change of its settings writes into. */
const tripQueries = (tripId: string) => [tripKeys.all, tripKeys.trip(tripId)];

/** The owner's changes to a trip's settings, and its deletion. */
export const tripLive: LiveHandlers<'trip:saved' | 'trip:deleted'> = {
  'trip:saved': {
    writes: tripQueries,
    apply: (queryClient, tripId, change) => {
      const mine = queryClient
        .getQueryData<Trip[]>(tripKeys.all)
        ?.find((trip) => trip.id === tripId);
      if (!mine) return;
      // My role and the trip's creation time are not part of the broadcast; they do not change,
      // but with a new owner (the old one deleted their account) the owner may be me now.
      storeTrip(queryClient, { ...mine, ...change.trip });
      if (mine.ownerId !== change.trip.ownerId) {
        void queryClient.invalidateQueries({ queryKey: tripKeys.all, exact: true });
      }
    },
  },
  'trip:deleted': {
    writes: tripQueries,
    apply: (queryClient, tripId) => forgetTrip(queryClient, tripId),
  },
};
