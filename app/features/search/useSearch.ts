import { mutationOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type {
  FlightQueryBody,
  FlightSearch,
  StayQueryBody,
  StaySearch,
  TripSearches,
} from '../../../shared/contracts/search';
import { saveSearchInCache, searchKeys } from './searchCache';

const tripUrl = (tripId: string, rest: string) =>
  `/api/trips/${encodeURIComponent(tripId)}/${rest}`;

/** `GET /api/trips/:tripId/searches`: the trip's latest flight and stay searches. */
export function useSearches(tripId: string) {
  return useQuery<TripSearches>({ queryKey: searchKeys.latest(tripId) });
}

/** A search as the request sends it, with its trip. */
type SearchOf<Q> = { tripId: string; query: Q };

/**
 * The searches' writes (issue #37: registered by key, run again from their variables alone). A
 * search is the trip's: the answer (and everyone's screen) shows it.
 */
export const searchMutations = {
  searchFlights: mutationOptions({
    mutationKey: ['search', 'searchFlights'],
    mutationFn: ({ tripId, query }: SearchOf<FlightQueryBody>) =>
      apiJson<FlightSearch>('POST', tripUrl(tripId, 'searches/flights'), query),
    onSuccess: (search, { tripId }, _context, { client }) =>
      saveSearchInCache(client, tripId, search),
  }),
  searchStays: mutationOptions({
    mutationKey: ['search', 'searchStays'],
    mutationFn: ({ tripId, query }: SearchOf<StayQueryBody>) =>
      apiJson<StaySearch>('POST', tripUrl(tripId, 'searches/stays'), query),
    onSuccess: (search, { tripId }, _context, { client }) =>
      saveSearchInCache(client, tripId, search),
  }),
};

/** Runs a flight search for the whole trip: `mutate(query)`. */
export function useSearchFlights(tripId: string) {
  return useMutationWith(searchMutations.searchFlights, (query: FlightQueryBody) => ({
    tripId,
    query,
  }));
}

export function useSearchStays(tripId: string) {
  return useMutationWith(searchMutations.searchStays, (query: StayQueryBody) => ({
    tripId,
    query,
  }));
}
