import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/queryClient';
import type { EarlyAccessRequest, MyEarlyAccess, PaidPlan } from '../../../shared/contracts/plans';

export const EARLY_ACCESS_KEY = ['/api/early-access'] as const;

/** `GET /api/early-access`: the account's early-access request, if it has made one. */
export function useMyEarlyAccess({ enabled }: { enabled: boolean }) {
  return useQuery<MyEarlyAccess>({ queryKey: EARLY_ACCESS_KEY, enabled });
}

/** `POST /api/early-access`: asks for a paid plan; the answer replaces the request shown. */
export function useRequestEarlyAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PaidPlan) =>
      apiJson<EarlyAccessRequest>('POST', '/api/early-access', { plan }),
    onSuccess: (request) => queryClient.setQueryData<MyEarlyAccess>(EARLY_ACCESS_KEY, { request }),
  });
}
