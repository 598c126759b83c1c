import { mutationOptions, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type { CreateFlightBody, Flight, UpdateFlightBody } from '../../../shared/contracts/flights';
import { randomUuid } from '../../../shared/ids';
import { flightKeys, forgetFlight, replaceFlightInCache, saveFlightInCache } from './flightCache';

function flightUrl(id: string) {
  return `/api/flights/${encodeURIComponent(id)}`;
}

/** `GET /api/trips/:tripId/flights`: the trip's flights in the order they depart. */
export function useFlights(tripId: string) {
  return useQuery<Flight[]>({ queryKey: flightKeys.list(tripId) });
}

/** A new flight as the request sends it: its trip, and the id chosen for it here. */
export type NewFlight = CreateFlightBody & { tripId: string; id: string };
export type FlightEdit = { tripId: string; id: string; changes: UpdateFlightBody };

/** The flights' writes (issue #37: registered by key, run again from their variables alone). */
export const flightMutations = {
  /** `POST /api/trips/:tripId/flights`; the answer goes into the cached list in its place. */
  create: mutationOptions({
    mutationKey: ['flights', 'create'],
    // The list's own key is its URL (the default query function joins it the same way).
    mutationFn: ({ tripId, ...body }: NewFlight) =>
      apiJson<Flight>('POST', flightKeys.list(tripId).join('/'), body),
    onSuccess: (created, { tripId }, _context, { client }) =>
      saveFlightInCache(client, tripId, created),
  }),

  /** `PATCH /api/flights/:id` with the changed fields; the answer replaces the cached flight. */
  update: mutationOptions({
    mutationKey: ['flights', 'update'],
    mutationFn: ({ id, changes }: FlightEdit) => apiJson<Flight>('PATCH', flightUrl(id), changes),
    onSuccess: (updated, { tripId }, _context, { client }) =>
      replaceFlightInCache(client, tripId, updated),
  }),

  /** `DELETE /api/flights/:id`; the flight leaves the cached list. */
  delete: mutationOptions({
    mutationKey: ['flights', 'delete'],
    mutationFn: ({ id }: { tripId: string; id: string }) => apiRequest('DELETE', flightUrl(id)),
    onSuccess: (_response, { tripId, id }, _context, { client }) =>
      forgetFlight(client, tripId, id),
  }),
};

/** Adds a flight under an id chosen here, so that sending it again adds it once. */
export function useCreateFlight(tripId: string) {
  return useMutationWith(
    flightMutations.create,
    (body: CreateFlightBody): NewFlight => ({ ...body, tripId, id: randomUuid() }),
  );
}

/** Changes a flight of the trip: `mutate({ id, changes })`. */
export function useUpdateFlight(tripId: string) {
  return useMutationWith(
    flightMutations.update,
    (change: Omit<FlightEdit, 'tripId'>): FlightEdit => ({ ...change, tripId }),
  );
}

/** Deletes a flight of the trip: `mutate(id)`. */
export function useDeleteFlight(tripId: string) {
  return useMutationWith(flightMutations.delete, (id: string) => ({ tripId, id }));
}
