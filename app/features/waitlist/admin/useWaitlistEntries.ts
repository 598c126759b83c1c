import { useQuery } from '@tanstack/react-query';
import { errorCode } from '@/lib/apiError';
import { sanitiseWaitlistEntries, WAITLIST_ENTRIES_KEY } from './entries';

/**
 * `GET /api/admin/waitlist` (spec §7), with the entries that cannot be shown left out (§3).
 * spec §8: a failed load shows nothing special, so it reads as an empty list; the exception is
 * `admin_only`, the server saying this account is not an administrator, which the page explains.
 */
export function useWaitlistEntries({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: WAITLIST_ENTRIES_KEY,
    select: sanitiseWaitlistEntries,
    enabled,
  });
  return {
    entries: query.data ?? [],
    isLoading: query.isLoading,
    isForbidden: errorCode(query.error) === 'admin_only',
  };
}
