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
 * Writes another member's saved change into the query cache, so the board shows it without a
 * refetch. Member lists differ per viewer (`isCurrentUser`), so a membership change refetches
 * them — and the to-dos and flights, whose assignees and travellers a removal clears.
 */
export function applyTripChange(queryClient: QueryClient, tripId: string, change: TripChange) {
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
      // My role and the trip's creation time are not part of the broadcast; they do not change.
      if (mine) storeTrip(queryClient, { ...mine, ...change.trip });
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

/** A trip I am no longer on: out of my list (the dashboard moves on) and out of the cache. */
export function forgetTrip(queryClient: QueryClient, tripId: string) {
  queryClient.setQueryData<TripDto[]>(tripKeys.all, (list) =>
    list?.filter((trip) => trip.id !== tripId),
  );
  queryClient.removeQueries({ queryKey: tripKeys.trip(tripId) });
}
