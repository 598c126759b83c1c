import type { QueryClient } from '@tanstack/react-query';
import { sortByDeparture } from '@/features/flights/useFlights';
import { tripKeys } from '@/features/trips/tripKeys';
import { storeTrip } from '@/features/trips/useTrips';
import type { FlightDto } from '../../../shared/contracts/flights';
import type { Todo } from '../../../shared/contracts/todos';
import type { TripDto } from '../../../shared/contracts/trips';
import type { WidgetDto } from '../../../shared/contracts/widgets';
import type { TripChange } from '../../../shared/realtime';

type WithId = { id: string };

/** The item put in (replacing its old self, else at the end); a list not loaded stays so. */
function upsert<T extends WithId>(list: T[] | undefined, item: T): T[] | undefined {
  if (!list) return list;
  return list.some((other) => other.id === item.id)
    ? list.map((other) => (other.id === item.id ? item : other))
    : [...list, item];
}

function without<T extends WithId>(list: T[] | undefined, id: string): T[] | undefined {
  return list?.filter((item) => item.id !== id);
}

/**
 * A fetch of `queryKey` already under way may have read the database before this change was
 * saved, and would put the old state back when it lands: it is replaced by a fresh one (which
 * starts after the change, so it has it).
 */
function refetchIfInFlight(queryClient: QueryClient, queryKey: readonly unknown[]) {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: true });
  }
}

/**
 * Writes another member's saved change into the query cache, so the board shows it without a
 * refetch. Member lists differ per viewer (`isCurrentUser`), so a membership change refetches
 * them — and the to-dos and flights, whose assignees and travellers a removal clears.
 */
export function applyTripChange(queryClient: QueryClient, tripId: string, change: TripChange) {
  for (const key of keysChangedBy(tripId, change)) refetchIfInFlight(queryClient, key);
  writeChange(queryClient, tripId, change);
}

/** The cached queries a change writes into. */
function keysChangedBy(tripId: string, change: TripChange): (readonly unknown[])[] {
  switch (change.type) {
    case 'widget:saved':
    case 'widget:removed':
      return [tripKeys.widgets(tripId)];
    case 'todo:saved':
    case 'todo:removed':
      return [tripKeys.todos(tripId)];
    case 'flight:saved':
    case 'flight:removed':
      return [tripKeys.flights(tripId)];
    case 'trip:saved':
    case 'trip:deleted':
      return [tripKeys.all, tripKeys.trip(tripId)];
    case 'members:changed':
      return []; // refetched anyway
  }
}

function writeChange(queryClient: QueryClient, tripId: string, change: TripChange) {
  switch (change.type) {
    case 'widget:saved':
      queryClient.setQueryData<WidgetDto[]>(tripKeys.widgets(tripId), (list) =>
        upsert(list, change.widget),
      );
      return;
    case 'widget:removed':
      queryClient.setQueryData<WidgetDto[]>(tripKeys.widgets(tripId), (list) =>
        without(list, change.widgetId),
      );
      return;
    case 'todo:saved':
      queryClient.setQueryData<Todo[]>(tripKeys.todos(tripId), (list) => upsert(list, change.todo));
      return;
    case 'todo:removed':
      queryClient.setQueryData<Todo[]>(tripKeys.todos(tripId), (list) =>
        without(list, change.todoId),
      );
      return;
    case 'flight:saved':
      queryClient.setQueryData<FlightDto[]>(tripKeys.flights(tripId), (list) => {
        const next = upsert(list, change.flight);
        return next && sortByDeparture(next);
      });
      return;
    case 'flight:removed':
      queryClient.setQueryData<FlightDto[]>(tripKeys.flights(tripId), (list) =>
        without(list, change.flightId),
      );
      return;
    case 'trip:saved': {
      const mine = queryClient
        .getQueryData<TripDto[]>(tripKeys.all)
        ?.find((trip) => trip.id === tripId);
      // My role and the trip's creation time are not part of the broadcast; they do not change,
      // but with a new owner (the old one deleted their account) the owner may be me now.
      if (mine) storeTrip(queryClient, { ...mine, ...change.trip });
      if (mine && mine.ownerId !== change.trip.ownerId) {
        void queryClient.invalidateQueries({ queryKey: tripKeys.all, exact: true });
      }
      return;
    }
    case 'trip:deleted':
      forgetTrip(queryClient, tripId);
      return;
    case 'members:changed':
      for (const key of [
        tripKeys.members(tripId),
        tripKeys.todos(tripId),
        tripKeys.flights(tripId),
      ]) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      return;
  }
}

/**
 * A change to one of my trips that this tab does not show: only what its trip list shows
 * matters here (the trip's other caches are refetched when it is opened and joined). A trip the
 * list does not hold yet was joined in another tab: the list is fetched again.
 */
export function applyChangeElsewhere(queryClient: QueryClient, tripId: string, change: TripChange) {
  const listed = queryClient.getQueryData<TripDto[]>(tripKeys.all);
  if (change.type === 'trip:deleted') return applyTripChange(queryClient, tripId, change);
  if (change.type !== 'trip:saved' && change.type !== 'members:changed') return;
  if (listed?.some((trip) => trip.id === tripId)) {
    if (change.type === 'trip:saved') applyTripChange(queryClient, tripId, change);
  } else if (listed) {
    void queryClient.invalidateQueries({ queryKey: tripKeys.all, exact: true });
  }
}

/** A trip I am no longer on: out of my list (the dashboard moves on) and out of the cache. */
export function forgetTrip(queryClient: QueryClient, tripId: string) {
  queryClient.setQueryData<TripDto[]>(tripKeys.all, (list) =>
    list?.filter((trip) => trip.id !== tripId),
  );
  queryClient.removeQueries({ queryKey: tripKeys.trip(tripId) });
}
