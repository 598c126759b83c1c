import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type ToastOptions, toast } from '@/hooks/useToast';

/**
 * What `/` says on arriving from /logout (spec §2: `?logout=success|error&t=…`) or from deleting
 * the account (`?deleted=1`): issue #17 — the landing page used to show without a word.
 */
const NOTICES: Record<string, ToastOptions> = {
  'logout=success': { title: 'Signed out', description: 'You have been signed out.' },
  'logout=error': {
    title: 'Sign-out failed',
    description: 'We could not sign you out. Please try again.',
    variant: 'destructive',
  },
  'deleted=1': { title: 'Account deleted', description: 'Your account has been deleted.' },
};

export function useArrivalNotice() {
  const [params] = useSearchParams();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    const notice = ['logout', 'deleted']
      .map((key) => NOTICES[`${key}=${params.get(key)}`])
      .find(Boolean);
    if (!notice) return;
    shown.current = true;
    toast(notice);
  }, [params]);
}
