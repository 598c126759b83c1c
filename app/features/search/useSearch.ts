import { mutationOptions, useQuery } from '@tanstack/react-query';
import { toastFailure } from '@/hooks/useToast';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type {
  FlightQueryBody,
  FlightSearch,
  StayQueryBody,
  StaySearch,
  TripSearches,
} from '../../../shared/contracts/search';
import type { AddShortlistBody, ShortlistOption, Vote } from '../../../shared/contracts/shortlist';
import { randomUuid } from '../../../shared/ids';
import { saveSearchInCache, searchKeys } from './searchCache';
import {
  removeOptionFromCache,
  replaceOptionInCache,
  saveOptionInCache,
  shortlistKeys,
} from './shortlistCache';

const tripUrl = (tripId: string, rest: string) =>
  `/api/trips/${encodeURIComponent(tripId)}/${rest}`;
const optionUrl = (id: string) => `/api/shortlist/${encodeURIComponent(id)}`;

/** `GET /api/trips/:tripId/searches`: the trip's latest flight and stay searches. */
export function useSearches(tripId: string) {
  return useQuery<TripSearches>({ queryKey: searchKeys.latest(tripId) });
}

/** A search as the request sends it, with its trip. */
type SearchOf<Q> = { tripId: string; query: Q };
/** A new option as the request sends it: its trip, and the id chosen for it here. */
export type NewOption = AddShortlistBody & { tripId: string; id: string };
type OfOption = { tripId: string; optionId: string };
export type OptionChoice = OfOption & { chosen: boolean; travellerIds?: string[] };

/**
 * The searches' and the shortlist's writes (issue #37: registered by key, run again from their
 * variables alone). A search is the trip's: the answer (and everyone's screen) shows it.
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
  /** Adds an option; the caller shows a refusal where it was asked (a pasted link's field). */
  addOption: mutationOptions({
    mutationKey: ['search', 'addOption'],
    mutationFn: ({ tripId, ...body }: NewOption) =>
      apiJson<ShortlistOption>('POST', tripUrl(tripId, 'shortlist'), body),
    onSuccess: (option, { tripId }, _context, { client }) =>
      saveOptionInCache(client, tripId, option),
  }),
  voteOption: mutationOptions({
    mutationKey: ['search', 'voteOption'],
    mutationFn: ({ optionId, vote }: OfOption & { vote: Vote | null }) =>
      apiJson<ShortlistOption>('PUT', `${optionUrl(optionId)}/vote`, { vote }),
    onSuccess: (option, { tripId }, _context, { client }) =>
      replaceOptionInCache(client, tripId, option),
    onError: toastFailure('Could not save your vote'),
  }),
  chooseOption: mutationOptions({
    mutationKey: ['search', 'chooseOption'],
    mutationFn: ({ optionId, chosen, travellerIds }: OptionChoice) =>
      apiJson<ShortlistOption>('PATCH', optionUrl(optionId), { chosen, travellerIds }),
    onSuccess: (option, { tripId }, _context, { client }) =>
      replaceOptionInCache(client, tripId, option),
    onError: toastFailure('Could not mark the option'),
  }),
  removeOption: mutationOptions({
    mutationKey: ['search', 'removeOption'],
    mutationFn: async ({ optionId }: OfOption) => {
      await apiRequest('DELETE', optionUrl(optionId));
    },
    onSuccess: (_answer, { tripId, optionId }, _context, { client }) =>
      removeOptionFromCache(client, tripId, optionId),
    onError: toastFailure('Could not remove the option'),
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

/** `GET /api/trips/:tripId/shortlist`: the options, oldest first, with everyone's votes. */
export function useShortlist(tripId: string) {
  return useQuery<ShortlistOption[]>({ queryKey: shortlistKeys.list(tripId) });
}

/** Adds an option under an id chosen here, so that sending it again adds it once. */
export function useAddOption(tripId: string) {
  return useMutationWith(
    searchMutations.addOption,
    (body: AddShortlistBody): NewOption => ({ ...body, tripId, id: randomUuid() }),
  );
}

/** My yes or no (null takes it back): `mutate({ option, vote })`. */
export function useVoteOption(tripId: string) {
  return useMutationWith(
    searchMutations.voteOption,
    ({ option, vote }: { option: ShortlistOption; vote: Vote | null }) => ({
      tripId,
      optionId: option.id,
      vote,
    }),
  );
}

/** Marks an option chosen or not: `mutate({ option, chosen, travellerIds })`. */
export function useChooseOption(tripId: string) {
  return useMutationWith(
    searchMutations.chooseOption,
    ({
      option,
      ...choice
    }: {
      option: ShortlistOption;
      chosen: boolean;
      travellerIds?: string[];
    }): OptionChoice => ({ ...choice, tripId, optionId: option.id }),
  );
}

/** Takes an option off the shortlist: `mutate(option)`. */
export function useRemoveOption(tripId: string) {
  return useMutationWith(searchMutations.removeOption, (option: ShortlistOption) => ({
    tripId,
    optionId: option.id,
  }));
}
