import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type {
  FlightQueryBody,
  FlightSearch,
  StayQueryBody,
  StaySearch,
  TripSearches,
} from '../../../shared/contracts/search';
import type { AddShortlistBody, ShortlistOption, Vote } from '../../../shared/contracts/shortlist';
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

/** Runs a flight search for the whole trip; the answer (and everyone's screen) shows it. */
export function useSearchFlights(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: FlightQueryBody) =>
      apiJson<FlightSearch>('POST', tripUrl(tripId, 'searches/flights'), query),
    onSuccess: (search) => saveSearchInCache(queryClient, tripId, search),
  });
}

export function useSearchStays(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: StayQueryBody) =>
      apiJson<StaySearch>('POST', tripUrl(tripId, 'searches/stays'), query),
    onSuccess: (search) => saveSearchInCache(queryClient, tripId, search),
  });
}

/** `GET /api/trips/:tripId/shortlist`: the options, oldest first, with everyone's votes. */
export function useShortlist(tripId: string) {
  return useQuery<ShortlistOption[]>({ queryKey: shortlistKeys.list(tripId) });
}

function failed(title: string) {
  return (failure: unknown) =>
    toast({
      title,
      description: errorMessage(failure, 'Please try again.'),
      variant: 'destructive',
    });
}

/** Adds an option; the caller shows a refusal where it was asked (a pasted link's field). */
export function useAddOption(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddShortlistBody) =>
      apiJson<ShortlistOption>('POST', tripUrl(tripId, 'shortlist'), body),
    onSuccess: (option) => saveOptionInCache(queryClient, tripId, option),
  });
}

export function useVoteOption(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ option, vote }: { option: ShortlistOption; vote: Vote | null }) =>
      apiJson<ShortlistOption>('PUT', `${optionUrl(option.id)}/vote`, { vote }),
    onSuccess: (option) => replaceOptionInCache(queryClient, tripId, option),
    onError: failed('Could not save your vote'),
  });
}

export function useChooseOption(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      option,
      chosen,
      travellerIds,
    }: {
      option: ShortlistOption;
      chosen: boolean;
      travellerIds?: string[];
    }) => apiJson<ShortlistOption>('PATCH', optionUrl(option.id), { chosen, travellerIds }),
    onSuccess: (option) => replaceOptionInCache(queryClient, tripId, option),
    onError: failed('Could not mark the option'),
  });
}

export function useRemoveOption(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (option: ShortlistOption) => {
      await apiRequest('DELETE', optionUrl(option.id));
    },
    onSuccess: (_answer, option) => removeOptionFromCache(queryClient, tripId, option.id),
    onError: failed('Could not remove the option'),
  });
}
