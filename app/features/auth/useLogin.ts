import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/hooks/useToast';
import { apiJson } from '@/lib/queryClient';
import { useLocation } from '@/lib/router';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { LoginBody, LoginResponse, RegisterBody } from '../../../shared/contracts/auth';
import { CURRENT_USER_KEY } from './useAuth';

/** `POST /api/login`: either signed in, or a second factor is needed. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiJson<LoginResponse>('POST', '/api/login', body),
  });
}

/** `POST /api/register`: creates the account and signs it in. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      apiJson<{ success: true; user: CurrentUser }>('POST', '/api/register', body),
  });
}

/** spec §4: after signing in, the dashboard opens after about 0.5 s. */
export const SIGN_IN_REDIRECT_MS = 500;

/**
 * The end of every way in (password, second factor, new account): toast, remember the user, and
 * open `destination` (the dashboard, or the page that sent the person to sign in) a moment
 * later. `signedIn` lets the sign-in page keep showing its confirmation during that moment
 * instead of redirecting at once.
 */
export function useFinishSignIn(destination = '/dashboard') {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(
      () => navigate(destination, { replace: true }),
      SIGN_IN_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, destination]);

  // spec §8: "Logged in successfully" after a password, "Authentication successful" after the
  // second factor.
  const finish = useCallback(
    (user: CurrentUser, message = 'Logged in successfully') => {
      setSignedIn(true);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast({ title: 'Success', description: message });
    },
    [queryClient],
  );

  return { signedIn, finish };
}
