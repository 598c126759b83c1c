import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson } from '@/lib/queryClient';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { SetupTwoFactorResponse } from '../../../shared/contracts/twofactor';

type Ok = { success: true };

/** `POST /api/setup-2fa`: a new secret (kept pending on the server) and its QR code. */
export function useSetupTwoFactor() {
  const [lastFailed, setLastFailed] = useState(false);
  const mutation = useMutation({
    mutationFn: () => apiJson<SetupTwoFactorResponse>('POST', '/api/setup-2fa'),
    onSuccess: () => setLastFailed(false),
    onError: () => setLastFailed(true),
  });
  return {
    ...mutation,
    /**
     * The last attempt failed. A retry keeps saying so, its Try again spinning, instead of
     * swapping the failure for a spinner that looks like nothing happened (issue #17).
     */
    failed: mutation.isError || (mutation.isPending && lastFailed),
  };
}

/** `POST /api/confirm-2fa`: turns two-factor on with a code from the pending secret. */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (token: string) => apiJson<Ok>('POST', '/api/confirm-2fa', { token }),
  });
}

/**
 * `POST /api/verify-2fa`: completes a sign-in waiting for its second factor, or, when already
 * signed in, records a fresh verification (which lets `/api/disable-2fa` accept an empty code).
 */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<{ success: true; user: CurrentUser }>('POST', '/api/verify-2fa', { token }),
  });
}

/** `POST /api/disable-2fa` with an empty code, right after a verification (spec §7). */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: () => apiJson<Ok>('POST', '/api/disable-2fa', { token: '' }),
  });
}
