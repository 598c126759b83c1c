import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOGIN_ACTIVITY_KEY } from '@/features/account/useAccount';
import { apiJson } from '@/lib/queryClient';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { Passkey, SecondFactorPasskeys } from '../../../shared/contracts/passkeys';
import { answerWithPasskey, createPasskey } from './ceremony';

type Ok = { success: true };
type SignedIn = { success: true; user: CurrentUser };

export const PASSKEYS_KEY = ['/api/passkeys'] as const;
export const SECOND_FACTOR_PASSKEYS_KEY = ['/api/passkeys/second-factor'] as const;

/** `GET /api/passkeys`: the signed-in person's passkeys. */
export function usePasskeys() {
  return useQuery<Passkey[]>({ queryKey: PASSKEYS_KEY });
}

/**
 * Adds a passkey: the server's options, the browser's prompt, then the server checks the answer
 * and keeps it under a default name (its provider's, or the browser and system's).
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = await apiJson<PublicKeyCredentialCreationOptionsJSON>(
        'POST',
        '/api/passkeys/registration-options',
      );
      const response = await createPasskey(options);
      return apiJson<Passkey>('POST', '/api/passkeys', { response });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: LOGIN_ACTIVITY_KEY }),
      ]),
  });
}

/** `PATCH /api/passkeys/:id`: a new name. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiJson<Passkey>('PATCH', `/api/passkeys/${id}`, { name }),
    onSuccess: (renamed) =>
      queryClient.setQueryData<Passkey[]>(PASSKEYS_KEY, (list) =>
        list?.map((item) => (item.id === renamed.id ? renamed : item)),
      ),
  });
}

/** `DELETE /api/passkeys/:id`: the passkey signs in no more. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Ok>('DELETE', `/api/passkeys/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: LOGIN_ACTIVITY_KEY }),
      ]),
  });
}

/** Whether the account owing its second step has a passkey to take it with. */
export function useSecondFactorPasskeys(enabled: boolean) {
  // Asked afresh by each second step: the next sign-in may be another account's.
  return useQuery<SecondFactorPasskeys>({
    queryKey: SECOND_FACTOR_PASSKEYS_KEY,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The second step of a sign-in with one of the account's passkeys. */
export function usePasskeySecondFactor() {
  return useMutation({
    mutationFn: async () => {
      const options = await apiJson<PublicKeyCredentialRequestOptionsJSON>(
        'POST',
        '/api/passkeys/second-factor/options',
      );
      const response = await answerWithPasskey(options);
      return apiJson<SignedIn>('POST', '/api/passkeys/second-factor', { response });
    },
  });
}

/** A whole sign-in with a passkey, no password: the browser offers the ones it holds here. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const options = await apiJson<PublicKeyCredentialRequestOptionsJSON>(
        'POST',
        '/api/passkeys/sign-in/options',
      );
      const response = await answerWithPasskey(options);
      return apiJson<SignedIn>('POST', '/api/passkeys/sign-in', { response });
    },
  });
}
