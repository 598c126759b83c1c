import { mutationOptions, useQuery } from '@tanstack/react-query';
import { toastFailure } from '@/hooks/useToast';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type { CreatePollBody, Poll } from '../../../shared/contracts/polls';
import { randomUuid } from '../../../shared/ids';
import { pollKeys, removePollFromCache, replacePollInCache, savePollInCache } from './pollCache';

const tripPollsUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/polls`;
const pollUrl = (id: string) => `/api/polls/${encodeURIComponent(id)}`;

/** `GET /api/trips/:tripId/polls`: the trip's polls, newest first, with my own choices. */
export function usePolls(tripId: string) {
  return useQuery<Poll[]>({ queryKey: pollKeys.list(tripId) });
}

/** A new poll as the request sends it: its trip, and the id chosen for it here. */
export type NewPoll = CreatePollBody & { tripId: string; id: string };
type OfPoll = { tripId: string; pollId: string };

/** The polls' writes (issue #37: registered by key, run again from their variables alone). */
export const pollMutations = {
  /** `POST /api/trips/:tripId/polls`; the new poll goes on top of the list. */
  create: mutationOptions({
    mutationKey: ['polls', 'create'],
    mutationFn: ({ tripId, ...body }: NewPoll) => apiJson<Poll>('POST', tripPollsUrl(tripId), body),
    onSuccess: (created, { tripId }, _context, { client }) =>
      savePollInCache(client, tripId, created),
  }),

  /**
   * `PUT /api/polls/:id/vote`: my choices, replacing the ones before. The count moves when the
   * server has it (it knows the others' votes); a refused vote (the poll closed meanwhile) says why.
   */
  vote: mutationOptions({
    mutationKey: ['polls', 'vote'],
    mutationFn: ({ pollId, optionIds }: OfPoll & { optionIds: string[] }) =>
      apiJson<Poll>('PUT', `${pollUrl(pollId)}/vote`, { optionIds }),
    onSuccess: (saved, { tripId }, _context, { client }) =>
      replacePollInCache(client, tripId, saved),
    onError: toastFailure('Could not save your vote'),
  }),

  /** `PATCH /api/polls/:id` with `closed`: true closes it, false opens it again. */
  close: mutationOptions({
    mutationKey: ['polls', 'close'],
    mutationFn: ({ pollId, closed }: OfPoll & { closed: boolean }) =>
      apiJson<Poll>('PATCH', pollUrl(pollId), { closed }),
    onSuccess: (saved, { tripId }, _context, { client }) =>
      replacePollInCache(client, tripId, saved),
    onError: toastFailure('Could not change the poll'),
  }),

  /** `DELETE /api/polls/:id`; the poll leaves the list once the server has deleted it. */
  delete: mutationOptions({
    mutationKey: ['polls', 'delete'],
    mutationFn: async ({ pollId }: OfPoll) => {
      await apiRequest('DELETE', pollUrl(pollId));
    },
    onSuccess: (_answer, { tripId, pollId }, _context, { client }) =>
      removePollFromCache(client, tripId, pollId),
    onError: toastFailure('Could not delete the poll'),
  }),
};

/** Asks the trip a question under an id chosen here, so that sending it again asks it once. */
export function useCreatePoll(tripId: string) {
  return useMutationWith(
    pollMutations.create,
    (body: CreatePollBody): NewPoll => ({ ...body, tripId, id: randomUuid() }),
  );
}

/** My vote: `mutate({ poll, optionIds })`. */
export function useVote(tripId: string) {
  return useMutationWith(
    pollMutations.vote,
    ({ poll, optionIds }: { poll: Poll; optionIds: string[] }) => ({
      tripId,
      pollId: poll.id,
      optionIds,
    }),
  );
}

/** Closes a poll, or opens it again: `mutate({ poll, closed })`. */
export function useClosePoll(tripId: string) {
  return useMutationWith(
    pollMutations.close,
    ({ poll, closed }: { poll: Poll; closed: boolean }) => ({ tripId, pollId: poll.id, closed }),
  );
}

/** Deletes a poll: `mutate(poll)`. */
export function useDeletePoll(tripId: string) {
  return useMutationWith(pollMutations.delete, (poll: Poll) => ({ tripId, pollId: poll.id }));
}
