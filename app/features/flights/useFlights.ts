import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tripKeys } from '@/features/trips/tripKeys';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type {
  CreateFlightBody,
  FlightDto,
  UpdateFlightBody,
} from '../../../shared/contracts/flights';

/** The departure instant in ms; an unreadable time sorts last rather than breaking the sort. */
function departs(flight: FlightDto): number {
  const ms = Date.parse(flight.departureTime);
  return Number.isFinite(ms) ? ms : Number.POSITIVE_INFINITY;
}

/**
 * The server's order (listFlights): by departure instant, whatever each time's offset, then in
 * the order they were entered. The cache is kept in that order after every change.
 */
export function sortByDeparture(flights: readonly FlightDto[]): FlightDto[] {
  return [...flights].sort(
    (a, b) =>
      departs(a) - departs(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

function flightUrl(id: string) {
  return `/api/flights/${encodeURIComponent(id)}`;
}

function updateCachedFlights(
  queryClient: QueryClient,
  tripId: string,
  change: (flights: FlightDto[]) => FlightDto[],
) {
  queryClient.setQueryData<FlightDto[]>(tripKeys.flights(tripId), (current) =>
    current ? sortByDeparture(change(current)) : current,
  );
}

/** `GET /api/trips/:tripId/flights`: the trip's flights in the order they depart. */
export function useFlights(tripId: string) {
  return useQuery<FlightDto[]>({ queryKey: tripKeys.flights(tripId) });
}

/** `POST /api/trips/:tripId/flights`; the answer goes into the cached list in its place. */
export function useCreateFlight(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The list's own key is its URL (the default query function joins it the same way).
    mutationFn: (body: CreateFlightBody) =>
      apiJson<FlightDto>('POST', tripKeys.flights(tripId).join('/'), body),
    onSuccess: (created) =>
      updateCachedFlights(queryClient, tripId, (flights) => [...flights, created]),
  });
}

/** `PATCH /api/flights/:id` with the changed fields; the answer replaces the cached flight. */
export function useUpdateFlight(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateFlightBody }) =>
      apiJson<FlightDto>('PATCH', flightUrl(id), changes),
    onSuccess: (updated) =>
      updateCachedFlights(queryClient, tripId, (flights) =>
        flights.map((flight) => (flight.id === updated.id ? updated : flight)),
      ),
  });
}

/** `DELETE /api/flights/:id`; the flight leaves the cached list. */
export function useDeleteFlight(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', flightUrl(id)),
    onSuccess: (_response, id) => forgetFlight(queryClient, tripId, id),
  });
}

/** Drops a flight from the cached list (deleted here, or found gone on the server). */
export function forgetFlight(queryClient: QueryClient, tripId: string, id: string) {
  updateCachedFlights(queryClient, tripId, (flights) =>
    flights.filter((flight) => flight.id !== id),
  );
}
