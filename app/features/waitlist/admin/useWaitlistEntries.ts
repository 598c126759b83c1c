import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { errorCode } from '@/lib/apiError';
import { listUrl, usePagedList } from '@/lib/pagedList';
import { sanitiseWaitlistEntries, WAITLIST_ENTRIES_KEY } from './entries';

/** How long typing pauses before a search goes to the server. */
export const SEARCH_DELAY_MS = 250;

/** The list's URL: spec §7's `GET /api/admin/waitlist`, with a search and a page when there are. */
export function waitlistUrl(search: string, before?: string) {
  return listUrl('/api/admin/waitlist', { q: search, before });
}

/**
 * `GET /api/admin/waitlist` (spec §7) a page at a time (issue #16: the list grows with every
 * visitor), searched on the server once typing pauses, with the entries that cannot be shown left
 * out (§3). The previous results stay on screen while a new search is on its way. spec §8: a failed load shows nothing
 * special, so it reads as an empty list; the exception is `admin_only`, the server saying this
 * account is not an administrator, which the page explains.
 */
export function useWaitlistEntries({
  search = '',
  enabled = true,
}: {
  search?: string;
  enabled?: boolean;
} = {}) {
  const typed = search.trim();
  const q = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const { query, ...list } = usePagedList({
    queryKey: [...WAITLIST_ENTRIES_KEY, { q }],
    urlOf: (before) => waitlistUrl(q, before),
    read: sanitiseWaitlistEntries,
    enabled,
    keepPrevious: true,
  });
  return {
    ...list,
    isLoading: query.isLoading,
    /** A new search is on its way (the previous results are still shown). */
    isSearching: typed !== q || query.isPlaceholderData,
    isForbidden: errorCode(query.error) === 'admin_only',
  };
}
