import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/queryClient';
import { CURRENT_USER_STALE_MS, SIGNED_IN_COOKIE } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/contracts/account';

export const CURRENT_USER_KEY = ['/api/user'] as const;

/**
 * Whether this browser holds a signed-in session: the server sets SIGNED_IN_COOKIE, readable here,
 * with the (httpOnly) session cookie and clears it with it — in every tab at once, since tabs share
 * cookies — and puts it right on each page it serves (server/platform/client.ts).
 */
export function hasSignedInCookie(): boolean {
  if (typeof document === 'undefined') return false;
  const prefix = `${SIGNED_IN_COOKIE}=`;
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(prefix));
}

export async function fetchCurrentUser(
  context: Parameters<ReturnType<typeof getQueryFn<CurrentUser>>>[0],
) {
  // No session, no question: GET /api/user would answer 401 (spec §7), which the browser logs as
  // an error on every signed-out visit (issue #38).
  if (!hasSignedInCookie()) return null;
  try {
    return await getQueryFn<CurrentUser>({ on401: 'returnNull' })(context);
  } catch (error) {
    // spec §7: a failure other than 401 also means signed out; it is only logged.
    console.error('Could not load the current user:', error);
    return null;
  }
}

/**
 * The signed-in user, or null. spec §7: cached 30 s, refetched on mount, never on focus or
 * reconnect, no retry; `isLoading` is true only until the first answer. A sign-in or sign-out in
 * another tab shows here at the next refetch, the cookie telling whether to ask.
 */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    // Known at once without a session: the first render is the landing page, not a spinner.
    initialData: () => (hasSignedInCookie() ? undefined : null),
    staleTime: CURRENT_USER_STALE_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
