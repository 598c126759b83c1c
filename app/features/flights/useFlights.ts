import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type {
  CreateFlightBody,
  FlightDto,
  UpdateFlightBody,
} from '../../../shared/contracts/flights';
import { flightKeys, forgetFlight, replaceFlightInCache, saveFlightInCache } from './flightCache';

function flightUrl(id: string) {
  return `/api/flights/${encodeURIComponent(id)}`;
}

/** `GET /api/trips/:tripId/flights`: the trip's flights in the order they depart. */
export function useFlights(tripId: string) {
  return useQuery<FlightDto[]>({ queryKey: flightKeys.list(tripId) });
}

/** `POST /api/trips/:tripId/flights`; the answer goes into the cached list in its place. */
export function useCreateFlight(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The list's own key is its URL (the default query function joins it the same way).
    mutationFn: (body: CreateFlightBody) =>
      apiJson<FlightDto>('POST', flightKeys.list(tripId).join('/'), body),
    onSuccess: (created) => saveFlightInCache(queryClient, tripId, created),
  });
}

/** `PATCH /api/flights/:id` with the changed fields; the answer replaces the cached flight. */
export function useUpdateFlight(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateFlightBody }) =>
      apiJson<FlightDto>('PATCH', flightUrl(id), changes),
    onSuccess: (updated) => replaceFlightInCache(queryClient, tripId, updated),
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
