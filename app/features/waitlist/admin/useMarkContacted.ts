import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/useToast';
import { throwIfNotOk } from '@/lib/queryClient';
import { WAITLIST_ENTRIES_KEY } from './entries';

const MARK_CONTACTED_KEY = ['mark-waitlist-entry-contacted'] as const;

/**
 * `PATCH /api/admin/waitlist/{id}`. spec §7: JSON content type and no body, which apiRequest
 * does not send (it names a content type only with a body); a non-OK answer is raised the same
 * way (an ApiError). The answer's fields are not read.
 */
async function patchContacted(id: string) {
  const res = await fetch(`/api/admin/waitlist/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
  });
  await throwIfNotOk(res);
}

/**
 * Marks an entry contacted (spec §4: New → Contacted), with the toasts of §8, then refetches the
 * list. The update stays pending until the refetched list is in, so its button never flickers
 * back to enabled. `pendingIds` holds every entry with an update in flight, so several rows can
 * be marked at once, each disabled on its own.
 */
export function useMarkContacted() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: MARK_CONTACTED_KEY,
    mutationFn: patchContacted,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Waitlist entry marked as contacted' });
      // A search that left before the update (typing just paused) would answer "New" after it,
      // and a refetch asked for while a first load is in flight waits for that load rather
      // than start again: cancel it first, so the list is read again from after the update.
      await queryClient.cancelQueries({ queryKey: WAITLIST_ENTRIES_KEY });
      return queryClient.invalidateQueries({ queryKey: WAITLIST_ENTRIES_KEY });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to update waitlist entry',
        variant: 'destructive',
      });
    },
  });
  const pendingIds = useMutationState({
    filters: { mutationKey: MARK_CONTACTED_KEY, status: 'pending' },
    select: (pending) => pending.state.variables as string,
  });
  return { markContacted: mutation.mutate, pendingIds: new Set(pendingIds) };
}
