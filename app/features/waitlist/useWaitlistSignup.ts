import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/useToast';
import { errorStatus } from '@/lib/apiError';
import { apiRequest } from '@/lib/queryClient';
import type { JoinWaitlistBody, WaitlistSource } from '../../../shared/contracts/waitlist';
import { isEmail } from '../../../shared/email';

// spec §5, §8: the waitlist's messages, word for word (the newsletter box and the blog too).
const INVALID_EMAIL = { title: 'Invalid email', description: 'Please enter a valid email address' };
const FAILED = { title: 'Something went wrong', description: 'Please try again later' };

/**
 * Joining the waitlist from one of its doors (the landing banner, the footer newsletter box, the
 * blog's Notify Me): checks the address with the server's own rule, sends `POST /api/waitlist`
 * (spec §7: only the status is read), and raises the spec's toasts for a refused address or a
 * failure. Success is the caller's to announce, in its own words.
 */
export function useWaitlistSignup(source: WaitlistSource) {
  const join = useMutation({
    mutationFn: async (body: JoinWaitlistBody) => {
      await apiRequest('POST', '/api/waitlist', body);
    },
  });

  function signUp(input: { email: string; name?: string }, onSuccess: () => void) {
    const email = input.email.trim();
    if (!isEmail(email)) {
      toast({ ...INVALID_EMAIL, variant: 'destructive' });
      return;
    }
    const name = input.name?.trim();
    join.mutate(name ? { email, name, source } : { email, source }, {
      onSuccess,
      onError: (error) => {
        // The server's 400 is an address it refused; anything else is our failure.
        const refused = errorStatus(error) === 400;
        toast({ ...(refused ? INVALID_EMAIL : FAILED), variant: 'destructive' });
      },
    });
  }

  return { signUp, isPending: join.isPending };
}
