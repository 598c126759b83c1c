import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { listUrl, usePagedList } from '@/lib/pagedList';
import { apiJson } from '@/lib/queryClient';
import {
  type AdminEarlyAccessEntry,
  adminEarlyAccessEntries,
} from '../../../../shared/contracts/plans';
import { PLAN_LIMITS } from '../../../../shared/plans';

export const EARLY_ACCESS_REQUESTS_KEY = ['admin', 'early-access'] as const;
const GRANT_KEY = ['grant-early-access'] as const;

/** The entries of a page that can be shown; one the client cannot read is left out. */
function readEntries(body: unknown): AdminEarlyAccessEntry[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const parsed = adminEarlyAccessEntries.element.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** `GET /api/admin/early-access`, a page at a time, newest first. */
export function useEarlyAccessRequests({ enabled }: { enabled: boolean }) {
  const { query, ...list } = usePagedList({
    queryKey: EARLY_ACCESS_REQUESTS_KEY,
    urlOf: (before) => listUrl('/api/admin/early-access', { before }),
    read: readEntries,
    enabled,
  });
  return {
    ...list,
    isLoading: query.isLoading,
    isError: query.isError,
    retry: () => query.refetch(),
    isRetrying: query.isRefetching,
  };
}

/**
 * `POST /api/admin/early-access/:userId/grant`: the account moves up to the plan it asked for.
 * Several rows can be granted at once, each busy on its own (`pendingIds`).
 */
export function useGrantEarlyAccess() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: GRANT_KEY,
    mutationFn: (entry: AdminEarlyAccessEntry) =>
      apiJson<AdminEarlyAccessEntry>(
        'POST',
        `/api/admin/early-access/${encodeURIComponent(entry.userId)}/grant`,
      ),
    onSuccess: (granted) => {
      toast({
        title: 'Early access granted',
        description: `${granted.username} now has the ${PLAN_LIMITS[granted.currentPlan].name} plan.`,
      });
      return queryClient.invalidateQueries({ queryKey: EARLY_ACCESS_REQUESTS_KEY });
    },
    onError: (failure) =>
      toast({
        variant: 'destructive',
        title: 'Could not grant early access',
        description: errorMessage(failure, 'Please try again.'),
      }),
  });
  const pending = useMutationState({
    filters: { mutationKey: GRANT_KEY, status: 'pending' },
    select: (state) => (state.state.variables as AdminEarlyAccessEntry).userId,
  });
  return { grant: mutation.mutate, pendingIds: new Set(pending) };
}
