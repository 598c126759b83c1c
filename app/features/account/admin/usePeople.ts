import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { toast } from '@/hooks/useToast';
import { errorCode, errorMessage } from '@/lib/apiError';
import { listUrl, usePagedList } from '@/lib/pagedList';
import { apiJson } from '@/lib/queryClient';
import {
  type AdminPerson,
  adminPerson,
  type Plan,
  type SecondFactorsReset,
} from '../../../../shared/contracts/account';
import type { AdminUserPlan } from '../../../../shared/contracts/plans';
import { PLAN_LIMITS } from '../../../../shared/plans';

// Issue #38: the administrators' people list and its two actions.

export const PEOPLE_KEY = ['/api/admin/users'] as const;
/** How long typing pauses before a search goes to the server (as the waitlist's). */
const SEARCH_DELAY_MS = 250;
const SET_PLAN_KEY = ['account', 'setPlan'] as const;

/** The people of a page that can be shown; one the client cannot read is left out. */
function readPeople(body: unknown): AdminPerson[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const parsed = adminPerson.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * `GET /api/admin/users` a page at a time, newest accounts first, searched on the server once
 * typing pauses; read afresh each time the tab opens (plans change from the early-access tab).
 */
export function usePeople({ search, enabled }: { search: string; enabled: boolean }) {
  const typed = search.trim();
  const q = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const { query, ...list } = usePagedList({
    queryKey: [...PEOPLE_KEY, { q }],
    urlOf: (before) => listUrl('/api/admin/users', { q, before }),
    read: readPeople,
    enabled,
    keepPrevious: true,
    freshOnMount: true,
  });
  return {
    ...list,
    isLoading: query.isLoading,
    isError: query.isError && list.entries.length === 0,
    retry: () => query.refetch(),
    isRetrying: query.isRefetching,
    /** A new search is on its way (the previous results are still shown). */
    isSearching: typed !== q || query.isPlaceholderData,
    isForbidden: errorCode(query.error) === 'admin_only',
  };
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/**
 * `PATCH /api/admin/users/:id/plan` from the list: a toast, and the list read again. Several rows
 * can change at once, each busy on its own (`pendingIds`).
 */
export function useSetPlan() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: SET_PLAN_KEY,
    mutationFn: ({ person, plan }: { person: AdminPerson; plan: Plan }) =>
      apiJson<AdminUserPlan>('PATCH', `${userPath(person.id)}/plan`, { plan }),
    onSuccess: (changed) => {
      toast({
        title: 'Plan changed',
        description: `${changed.username} is now on the ${PLAN_LIMITS[changed.plan].name} plan.`,
      });
      return queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
    },
    onError: (failure) =>
      toast({
        variant: 'destructive',
        title: 'Could not change the plan',
        description: errorMessage(failure, 'Please try again.'),
      }),
  });
  const pending = useMutationState({
    filters: { mutationKey: SET_PLAN_KEY, status: 'pending' },
    select: (state) => (state.state.variables as { person: AdminPerson }).person.id,
  });
  return { setPlan: mutation.mutate, pendingIds: new Set(pending) };
}

/** `POST /api/admin/users/:id/reset-second-factors`; the dialog shows its error itself. */
export function useResetSecondFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: AdminPerson) =>
      apiJson<SecondFactorsReset>('POST', `${userPath(person.id)}/reset-second-factors`),
    onSuccess: ({ person }) => {
      toast({
        title: 'Second factors reset',
        description: `${person.username} is signed out everywhere and can set up their second factors again.`,
      });
      return queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
    },
  });
}
