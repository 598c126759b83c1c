import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type { CreatePoll, Poll } from '../../../shared/contracts/polls';
import { pollKeys, removePollFromCache, replacePollInCache, savePollInCache } from './pollCache';

const tripPollsUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/polls`;
const pollUrl = (id: string) => `/api/polls/${encodeURIComponent(id)}`;

/** `GET /api/trips/:tripId/polls`: the trip's polls, newest first, with my own choices. */
export function usePolls(tripId: string) {
  return useQuery<Poll[]>({ queryKey: pollKeys.list(tripId) });
}

/** `POST /api/trips/:tripId/polls`; the new poll goes on top of the list. */
export function useCreatePoll(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePoll) => apiJson<Poll>('POST', tripPollsUrl(tripId), body),
    onSuccess: (created) => savePollInCache(queryClient, tripId, created),
  });
}

function failed(title: string) {
  return (failure: unknown) =>
    toast({
      title,
      description: errorMessage(failure, 'Please try again.'),
      variant: 'destructive',
    });
}

/**
 * `PUT /api/polls/:id/vote`: my choices, replacing the ones before. The count moves when the
 * server has it (it knows the others' votes); a refused vote (the poll closed meanwhile) says why.
 */
export function useVote(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ poll, optionIds }: { poll: Poll; optionIds: string[] }) =>
      apiJson<Poll>('PUT', `${pollUrl(poll.id)}/vote`, { optionIds }),
    onSuccess: (saved) => replacePollInCache(queryClient, tripId, saved),
    onError: failed('Could not save your vote'),
  });
}

/** `PATCH /api/polls/:id` with `closed: true`. */
export function useClosePoll(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (poll: Poll) => apiJson<Poll>('PATCH', pollUrl(poll.id), { closed: true }),
    onSuccess: (saved) => replacePollInCache(queryClient, tripId, saved),
    onError: failed('Could not close the poll'),
  });
}

/** `DELETE /api/polls/:id`; the poll leaves the list once the server has deleted it. */
export function useDeletePoll(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (poll: Poll) => {
      await apiRequest('DELETE', pollUrl(poll.id));
    },
    onSuccess: (_answer, deleted) => removePollFromCache(queryClient, tripId, deleted.id),
    onError: failed('Could not delete the poll'),
  });
}
