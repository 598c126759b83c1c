import { toast } from '@/hooks/useToast';

/**
 * A toast raised just before a full page load goes with the page (issue #17: the 2FA success
 * toasts before spec §4's reload, and the word on an account deleted, were never seen). The page
 * that loads next shows it: the message waits in sessionStorage under this key. The writing side
 * is in toastAcrossLoad.ts, kept out of the landing page's script.
 */
export const TOAST_AFTER_LOAD_KEY = 'tripmates:toast-after-load';

export type CarriedToast = { title: string; description: string };

/** At start-up: the toast the previous page left for this one, once. */
export function showToastCarriedOver() {
  let notice: CarriedToast | null = null;
  try {
    const raw = sessionStorage.getItem(TOAST_AFTER_LOAD_KEY);
    sessionStorage.removeItem(TOAST_AFTER_LOAD_KEY);
    notice = raw ? JSON.parse(raw) : null;
  } catch {
    return; // Unavailable storage or a value that is not ours: nothing to show.
  }
  if (typeof notice?.title === 'string' && typeof notice.description === 'string') {
    toast({ title: notice.title, description: notice.description });
  }
}
