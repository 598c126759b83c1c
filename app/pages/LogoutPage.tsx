import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/Spinner';
import { CURRENT_USER_KEY, fetchCurrentUser } from '@/features/auth/useAuth';
import { toast } from '@/hooks/useToast';
import { apiRequest } from '@/lib/queryClient';
import { useLocation } from '@/lib/router';

/**
 * `/logout` (spec §2, §7): ends the session, forgets local state, reads the user again without
 * cache, then goes home with `logout=success|error` and a timestamp, saying which.
 */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      let outcome: 'success' | 'error' = 'success';
      try {
        await apiRequest('POST', '/api/logout');
      } catch (error) {
        console.error('Logout failed:', error);
        outcome = 'error';
      }
      try {
        localStorage.removeItem('user_preferences');
        sessionStorage.clear();
      } catch {
        // Storage can be unavailable (private mode); nothing to clear then.
      }
      // The current-user query's own function: after a logout its 401 means null, not an error.
      // Once the logout's answer cleared the signed-in mark it knows so without asking (issue #38:
      // no 401 for the browser to log); a logout that failed leaves the mark, and it asks.
      await queryClient.fetchQuery({
        queryKey: CURRENT_USER_KEY,
        queryFn: fetchCurrentUser,
        staleTime: 0,
      });
      // Issue #17: the landing page used to show without a word.
      toast(
        outcome === 'success'
          ? { title: 'Signed out', description: 'You have been signed out.' }
          : {
              title: 'Sign-out failed',
              description: 'We could not sign you out. Please try again.',
              variant: 'destructive',
            },
      );
      navigate(`/?logout=${outcome}&t=${Date.now()}`, { replace: true });
    })();
  }, [navigate, queryClient]);

  return (
    <div className="grid min-h-dvh place-items-center">
      <div className="flex flex-col items-center gap-4 text-muted-foreground">
        <Spinner className="size-8 text-primary" label="Logging out" />
        <p>Logging out...</p>
      </div>
    </div>
  );
}
