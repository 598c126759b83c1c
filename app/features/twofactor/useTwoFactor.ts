import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson } from '@/lib/queryClient';
import type {
  ConfirmTwoFactorResponse,
  RecoveryCodesResponse,
  SetupTwoFactorResponse,
  TwoFactorStatus,
  VerifyTwoFactorResponse,
} from '../../../shared/contracts/twofactor';

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

export const TWO_FACTOR_STATUS_KEY = ['/api/2fa'] as const;

/** `GET /api/2fa`: whether two-factor is on and how many recovery codes are left (issue #35). */
export function useTwoFactorStatus() {
  return useQuery<TwoFactorStatus>({ queryKey: TWO_FACTOR_STATUS_KEY });
}

/**
 * `POST /api/confirm-2fa`: turns two-factor on with a code from the pending secret. The answer
 * holds the recovery codes, shown this once.
 */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<ConfirmTwoFactorResponse>('POST', '/api/confirm-2fa', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY }),
  });
}

/**
 * `POST /api/2fa/recovery-codes` with a current code (from the app, or a recovery code): a new
 * set of recovery codes, shown this once; the old ones stop working.
 */
export function useMakeRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<RecoveryCodesResponse>('POST', '/api/2fa/recovery-codes', { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY }),
  });
}

/**
 * `POST /api/verify-2fa`: completes a sign-in waiting for its second factor, or, when already
 * signed in, records a fresh verification (which lets `/api/disable-2fa` accept an empty code).
 */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<VerifyTwoFactorResponse>('POST', '/api/verify-2fa', { token }),
    // A recovery code was used up: the count shown anywhere is one less.
    onSuccess: (result) => {
      if (result.recoveryCodesLeft !== undefined) {
        void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY });
      }
    },
  });
}

/** `POST /api/disable-2fa` with an empty code, right after a verification (spec §7). */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: () => apiJson<Ok>('POST', '/api/disable-2fa', { token: '' }),
  });
}
