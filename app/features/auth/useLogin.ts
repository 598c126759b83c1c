import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/useToast';
import { apiJson } from '@/lib/queryClient';
import { useLocation } from '@/lib/router';
import type { CurrentUser } from '../../../shared/contracts/account';
import type {
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
} from '../../../shared/contracts/auth';
import { CURRENT_USER_KEY } from './useAuth';

/** `POST /api/login`: either signed in, or a second factor is needed. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiJson<LoginResponse>('POST', '/api/login', body),
  });
}

/**
 * `POST /api/register`: creates the account and signs it in; with a valid invitation it is on
 * that trip too (`tripId`, issue #38).
 */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiJson<RegisterResponse>('POST', '/api/register', body),
  });
}

/** spec §4: after signing in, the dashboard opens after about 0.5 s. */
export const SIGN_IN_REDIRECT_MS = 500;

/**
 * The end of every way in (password, second factor, new account): toast, remember the user, and
 * open `destination` (the dashboard, or the page that sent the person to sign in) a moment
 * later. `finish` may name another place, or a promise of one (issue #38: the trip an invitation
 * joins once signed in); the page opens when both the moment and the promise are over.
 * `signedIn` lets the sign-in page keep showing its confirmation meanwhile instead of
 * redirecting at once.
 */
export function useFinishSignIn(destination = '/dashboard') {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [signedIn, setSignedIn] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // spec §8: "Logged in successfully" after a password, "Authentication successful" after the
  // second factor.
  const finish = useCallback(
    (
      user: CurrentUser,
      message = 'Logged in successfully',
      goTo: string | Promise<string> = destination,
    ) => {
      setSignedIn(true);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast({ title: 'Success', description: message });
      const moment = new Promise((done) => window.setTimeout(done, SIGN_IN_REDIRECT_MS));
      void Promise.all([goTo, moment]).then(([to]) => {
        if (mounted.current) navigate(to, { replace: true });
      });
    },
    [queryClient, navigate, destination],
  );

  return { signedIn, finish };
}
