import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tripKeys } from '@/features/trips/tripKeys';
import { apiJson } from '@/lib/queryClient';
import type { Comment, CommentCounts, CommentSubject } from '../../../shared/contracts/comments';

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

/** Writing, editing and deleting comments: the trip's comment queries follow each. */
export function useCommentMutations(tripId: string, subject: CommentSubject) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: tripKeys.comments(tripId) });
  const add = useMutation({
    mutationFn: (input: { body: string; mentions: string[] }) =>
      apiJson<Comment>('POST', `/api/trips/${tripId}/comments`, { ...subject, ...input }),
    onSettled: settle,
  });
  const edit = useMutation({
    mutationFn: ({ id, ...input }: { id: string; body: string; mentions: string[] }) =>
      apiJson<Comment>('PATCH', `/api/comments/${id}`, input),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiJson<{ success: true }>('DELETE', `/api/comments/${id}`),
    onSettled: settle,
  });
  return { add, edit, remove };
}
