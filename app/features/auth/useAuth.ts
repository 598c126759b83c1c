import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/queryClient';
import { CURRENT_USER_STALE_MS } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/contracts/account';

export const CURRENT_USER_KEY = ['/api/user'] as const;

export async function fetchCurrentUser(
  context: Parameters<ReturnType<typeof getQueryFn<CurrentUser>>>[0],
) {
  try {
    return await getQueryFn<CurrentUser>({ on401: 'returnNull' })(context);
  } catch (error) {
    // spec §7: a failure other than 401 also means signed out; it is only logged.
    console.error('Could not load the current user:', error);
    return null;
  }
}

/**
 * The server marks the page it sends to a browser without a session cookie (`data-visitor` on
 * <html>, server/platform/client.ts): that visitor is signed out for sure, so the first render
 * can be the landing page at once instead of a spinner waiting for a 401. Read once: later
 * answers come from the server as usual.
 */
let visitorHint =
  typeof document !== 'undefined' && document.documentElement.hasAttribute('data-visitor');

function initialUser(): null | undefined {
  const known = visitorHint;
  visitorHint = false;
  return known ? null : undefined;
}

/**
 * The signed-in user, or null. spec §7: cached 30 s, refetched on mount, never on focus or
 * reconnect, no retry; `isLoading` is true only until the first answer.
 */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    initialData: initialUser,
    staleTime: CURRENT_USER_STALE_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
