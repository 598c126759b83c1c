import { mutationOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { tripKeys } from '@/features/trips/tripKeys';
import { apiJson } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type { Comment, CommentCounts, CommentSubject } from '../../../shared/contracts/comments';
import { randomUuid } from '../../../shared/ids';

const countsKey = (tripId: string) => [...tripKeys.comments(tripId), 'counts'] as const;
const threadKey = (tripId: string, subject: CommentSubject) =>
  [...tripKeys.comments(tripId), subject.subjectType, subject.subjectId] as const;

/** How many comments each item of the trip has (`<type>:<id>` → count), kept live. */
export function useCommentCounts(tripId: string) {
  return useQuery<CommentCounts>({
    queryKey: countsKey(tripId),
    queryFn: ({ signal }) =>
      fetch(`/api/trips/${tripId}/comments/counts`, { credentials: 'include', signal }).then(
        (res) => (res.ok ? (res.json() as Promise<CommentCounts>) : {}),
      ),
  });
}

/** An item's thread, oldest first, read while it is open. */
export function useThread(tripId: string, subject: CommentSubject, enabled: boolean) {
  const query = new URLSearchParams(subject).toString();
  return useQuery<Comment[]>({
    queryKey: threadKey(tripId, subject),
    queryFn: () => apiJson<Comment[]>('GET', `/api/trips/${tripId}/comments?${query}`),
    enabled,
    refetchOnMount: 'always',
  });
}

type Written = { body: string; mentions: string[] };
/** A new comment as the request sends it: its trip, its subject, and the id chosen for it here. */
export type NewComment = CommentSubject & Written & { tripId: string; id: string };

// The trip's comment queries (the counts, the thread) follow each write, whatever its answer.
const settle = (client: QueryClient, tripId: string) =>
  client.invalidateQueries({ queryKey: tripKeys.comments(tripId) });

/** The comments' writes (issue #37: registered by key, run again from their variables alone). */
export const commentMutations = {
  create: mutationOptions({
    mutationKey: ['comments', 'create'],
    mutationFn: ({ tripId, ...body }: NewComment) =>
      apiJson<Comment>('POST', `/api/trips/${tripId}/comments`, body),
    onSettled: (_comment, _error, { tripId }, _context, { client }) => settle(client, tripId),
  }),
  update: mutationOptions({
    mutationKey: ['comments', 'update'],
    mutationFn: ({ id, body, mentions }: Written & { tripId: string; id: string }) =>
      apiJson<Comment>('PATCH', `/api/comments/${id}`, { body, mentions }),
    onSettled: (_comment, _error, { tripId }, _context, { client }) => settle(client, tripId),
  }),
  delete: mutationOptions({
    mutationKey: ['comments', 'delete'],
    mutationFn: ({ id }: { tripId: string; id: string }) =>
      apiJson<{ success: true }>('DELETE', `/api/comments/${id}`),
    onSettled: (_answer, _error, { tripId }, _context, { client }) => settle(client, tripId),
  }),
};

/**
 * Writing (under an id chosen here, so that sending it again writes it once), editing and
 * deleting comments on one subject of the trip.
 */
export function useCommentMutations(tripId: string, subject: CommentSubject) {
  const add = useMutationWith(
    commentMutations.create,
    (input: Written): NewComment => ({ ...subject, ...input, tripId, id: randomUuid() }),
  );
  const edit = useMutationWith(commentMutations.update, (input: Written & { id: string }) => ({
    ...input,
    tripId,
  }));
  const remove = useMutationWith(commentMutations.delete, (id: string) => ({ tripId, id }));
  return { add, edit, remove };
}
