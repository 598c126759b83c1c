import { mutationOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/queryClient';
import type { CreateTripBody, Trip, UpdateTripBody } from '../../../shared/contracts/trips';
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
  return useQuery<Trip[]>({ queryKey: tripKeys.all });
}

export type TripEdit = { tripId: string; body: UpdateTripBody };

/**
 * The trips' own writes (issue #37: registered by key, run again from their variables alone). A
 * trip is not an item of a trip: its creation names no id of the client's, so one replayed after
 * its answer was lost would make a second trip.
 */
export const tripMutations = {
  /** `POST /api/trips` (403 with the plan's message when over the plan's active trips). */
  create: mutationOptions({
    mutationKey: ['trips', 'create'],
    mutationFn: (body: CreateTripBody) => apiJson<Trip>('POST', '/api/trips', body),
    onSuccess: (trip, _body, _context, { client }) => storeTrip(client, trip),
  }),

  /** `PATCH /api/trips/:tripId` with only what changed (owner only). */
  update: mutationOptions({
    mutationKey: ['trips', 'update'],
    mutationFn: ({ tripId, body }: TripEdit) => apiJson<Trip>('PATCH', tripUrl(tripId), body),
    onSuccess: (trip, _change, _context, { client }) => storeTrip(client, trip),
  }),

  /** `DELETE /api/trips/:tripId` (owner only); the trip is forgotten here (forgetTrip). */
  delete: mutationOptions({
    mutationKey: DELETE_TRIP_KEY,
    mutationFn: (tripId: string) => apiJson<Ok>('DELETE', tripUrl(tripId)),
    onSuccess: (_ok, tripId, _context, { client }) => forgetTrip(client, tripId),
  }),
};

export function useCreateTrip() {
  return useMutation(tripMutations.create);
}

/** `mutate({ tripId, body })`. */
export function useUpdateTrip() {
  return useMutation(tripMutations.update);
}

/** `mutate(tripId)`. */
export function useDeleteTrip() {
  return useMutation(tripMutations.delete);
}
