import { mutationOptions, useQuery } from '@tanstack/react-query';
import { toastFailure } from '@/hooks/useToast';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type {
  CreateShortlistOptionBody,
  ShortlistOption,
  Vote,
} from '../../../shared/contracts/shortlist';
import { randomUuid } from '../../../shared/ids';
import {
  removeOptionFromCache,
  replaceOptionInCache,
  saveOptionInCache,
  shortlistKeys,
} from './shortlistCache';

const tripUrl = (tripId: string, rest: string) =>
  `/api/trips/${encodeURIComponent(tripId)}/${rest}`;
const optionUrl = (id: string) => `/api/shortlist/${encodeURIComponent(id)}`;

/** A new option as the request sends it: its trip, and the id chosen for it here. */
export type NewShortlistOption = CreateShortlistOptionBody & { tripId: string; id: string };
type OfOption = { tripId: string; optionId: string };
export type OptionChoice = OfOption & { chosen: boolean; travellerIds?: string[] };

/** The shortlist's writes (issue #37: registered by key, run again from their variables alone). */
export const shortlistMutations = {
  /** Adds an option; the caller shows a refusal where it was asked (a pasted link's field). */
  create: mutationOptions({
    mutationKey: ['shortlist', 'create'],
    mutationFn: ({ tripId, ...body }: NewShortlistOption) =>
      apiJson<ShortlistOption>('POST', tripUrl(tripId, 'shortlist'), body),
    onSuccess: (option, { tripId }, _context, { client }) =>
      saveOptionInCache(client, tripId, option),
  }),
  vote: mutationOptions({
    mutationKey: ['shortlist', 'vote'],
    mutationFn: ({ optionId, vote }: OfOption & { vote: Vote | null }) =>
      apiJson<ShortlistOption>('PUT', `${optionUrl(optionId)}/vote`, { vote }),
    onSuccess: (option, { tripId }, _context, { client }) =>
      replaceOptionInCache(client, tripId, option),
    onError: toastFailure('Could not save your vote'),
  }),
  choose: mutationOptions({
    mutationKey: ['shortlist', 'choose'],
    mutationFn: ({ optionId, chosen, travellerIds }: OptionChoice) =>
      apiJson<ShortlistOption>('PATCH', optionUrl(optionId), { chosen, travellerIds }),
    onSuccess: (option, { tripId }, _context, { client }) =>
      replaceOptionInCache(client, tripId, option),
    onError: toastFailure('Could not mark the option'),
  }),
  delete: mutationOptions({
    mutationKey: ['shortlist', 'delete'],
    mutationFn: async ({ optionId }: OfOption) => {
      await apiRequest('DELETE', optionUrl(optionId));
    },
    onSuccess: (_answer, { tripId, optionId }, _context, { client }) =>
      removeOptionFromCache(client, tripId, optionId),
    onError: toastFailure('Could not remove the option'),
  }),
};

/** `GET /api/trips/:tripId/shortlist`: the options, oldest first, with everyone's votes. */
export function useShortlist(tripId: string) {
  return useQuery<ShortlistOption[]>({ queryKey: shortlistKeys.list(tripId) });
}

/** Adds an option under an id chosen here, so that sending it again adds it once. */
export function useCreateShortlistOption(tripId: string) {
  return useMutationWith(
    shortlistMutations.create,
    (body: CreateShortlistOptionBody): NewShortlistOption => ({
      ...body,
      tripId,
      id: randomUuid(),
    }),
  );
}

/** My yes or no (null takes it back): `mutate({ option, vote })`. */
export function useVoteOption(tripId: string) {
  return useMutationWith(
    shortlistMutations.vote,
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
    shortlistMutations.choose,
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
  return useMutationWith(shortlistMutations.delete, (option: ShortlistOption) => ({
    tripId,
    optionId: option.id,
  }));
}
