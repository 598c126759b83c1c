import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/queryClient';
import type { JoinWaitlistBody } from '../../../shared/contracts/waitlist';

/**
 * `POST /api/waitlist`: the landing banner, the footer newsletter box and the blog's Notify Me
 * all subscribe through it, each with its own `source`. spec §7: only the status is read.
 */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: async (body: JoinWaitlistBody) => {
      await apiRequest('POST', '/api/waitlist', body);
    },
  });
}
