import { type CarriedToast, TOAST_AFTER_LOAD_KEY } from './toastAfterLoad';

/**
 * Reloads the page, or loads `url`, and shows `notice` once the new page is up (see
 * toastAfterLoad.ts).
 */
export function loadWithToast(notice: CarriedToast, url?: string) {
  try {
    sessionStorage.setItem(TOAST_AFTER_LOAD_KEY, JSON.stringify(notice));
  } catch {
    // Storage unavailable (private mode): the page loads without the message.
  }
  if (url) window.location.assign(url);
  else window.location.reload();
}
