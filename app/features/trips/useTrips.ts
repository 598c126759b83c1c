import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/queryClient';
import type { CreateTripBody, TripDto, UpdateTripBody } from '../../../shared/contracts/trips';
import { DELETE_TRIP_KEY, forgetTrip, storeTrip } from './tripCache';
import { tripKeys } from './tripKeys';

type Ok = { success: true };

const tripUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}`;

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

/** `DELETE /api/trips/:tripId` (owner only); the trip is forgotten here (forgetTrip). */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELETE_TRIP_KEY,
    mutationFn: (tripId: string) => apiJson<Ok>('DELETE', tripUrl(tripId)),
    onSuccess: (_ok, tripId) => forgetTrip(queryClient, tripId),
  });
}
