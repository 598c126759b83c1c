import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/queryClient';
import type { CreateTripBody, TripDto, UpdateTripBody } from '../../../shared/contracts/trips';
import { tripKeys } from './tripKeys';

type Ok = { success: true };

const tripUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}`;

// The server lists trips by start date, then by when they were made; the cache keeps that order.
const byStart = (a: TripDto, b: TripDto) =>
  a.startDate.localeCompare(b.startDate) || a.createdAt.localeCompare(b.createdAt);

/** Puts a trip the server answered with into the cached list (added, or replacing its old self). */
export function storeTrip(queryClient: QueryClient, trip: TripDto) {
  queryClient.setQueryData<TripDto[]>(tripKeys.all, (list) =>
    [...(list ?? []).filter((other) => other.id !== trip.id), trip].sort(byStart),
  );
  queryClient.setQueryData(tripKeys.trip(trip.id), trip);
}

/**
 * `GET /api/trips`: the trips I am on, each with my role. The server makes a first-time user's
 * first trip (spec §9 defaults) on this call, so the list is only empty after the last trip has
 * been deleted.
 */
export function useTrips() {
  return useQuery<TripDto[]>({ queryKey: tripKeys.all });
}

/** `POST /api/trips` (403 with the plan's message when over the plan's active trips). */
export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTripBody) => apiJson<TripDto>('POST', '/api/trips', body),
    onSuccess: (trip) => storeTrip(queryClient, trip),
  });
}

/** `PATCH /api/trips/:tripId` with only what changed (owner only). */
export function useUpdateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId, body }: { tripId: string; body: UpdateTripBody }) =>
      apiJson<TripDto>('PATCH', tripUrl(tripId), body),
    onSuccess: (trip) => storeTrip(queryClient, trip),
  });
}

/**
 * `DELETE /api/trips/:tripId` (owner only). The trip leaves the cached list, and every query under
 * its key (members, widgets, to-dos, flights) is dropped. The list is not fetched again: the server
 * makes a first trip for a user with none on `GET`, and deleting the last trip must not bring
 * one back behind the owner's back.
 */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tripId: string) => apiJson<Ok>('DELETE', tripUrl(tripId)),
    onSuccess: (_ok, tripId) => {
      queryClient.setQueryData<TripDto[]>(tripKeys.all, (list) =>
        list?.filter((trip) => trip.id !== tripId),
      );
      queryClient.removeQueries({ queryKey: tripKeys.trip(tripId) });
    },
  });
}
