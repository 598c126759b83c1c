import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/queryClient';

type Ok = { success: true };

/** `POST /api/forgot-password`: always succeeds, whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiJson<Ok>('POST', '/api/forgot-password', { email }),
  });
}

/** `POST /api/reset-password`: a new password for the reset link's token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiJson<Ok>('POST', '/api/reset-password', body),
  });
}
