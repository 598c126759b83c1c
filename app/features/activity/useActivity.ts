import type { EachExactlyOnce, KeysClaimed } from '@/features/feature';
import { CLIENT_FEATURES, type ClientFeatures } from '@/features/registry';
import { tripKeys } from '@/features/trips/tripKeys';
import { listUrl, usePagedList } from '@/lib/pagedList';
import { useMutationWith } from '@/lib/useMutationWith';
import {
  type ActivityEntry,
  activityEntry,
  type RestorableKind,
} from '../../../shared/contracts/activity';
import { activityMutations, type Restore } from './activityMutations';

/** The entries of an answer that can be shown (one odd entry does not break the panel). */
function readEntries(body: unknown): ActivityEntry[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const parsed = activityEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The trip's history (issue #24), newest first, a page at a time, read afresh each time the panel
 * opens (this tab's own changes and a call's end come as no live change), and again on every
 * live change to the trip while it is open (useLiveChanges).
 */
export function useActivity(tripId: string, enabled: boolean) {
  const { query, ...list } = usePagedList({
    queryKey: tripKeys.activity(tripId),
    urlOf: (before) => listUrl(`/api/trips/${tripId}/activity`, { before }),
    read: readEntries,
    enabled,
    freshOnMount: true,
  });
  return {
    ...list,
    isLoading: query.isPending && enabled,
    error: query.error,
    retry: () => query.refetch(),
  };
}

// What a restore brings back, to refresh in this tab (the others hear it live): the list of the
// feature whose deletion it was. A restorable kind that no feature, or two, claim does not compile.
true satisfies EachExactlyOnce<RestorableKind, KeysClaimed<ClientFeatures, 'restored'>>;
const restoredList = (kind: RestorableKind) =>
  CLIENT_FEATURES.find((feature) => feature.restored?.[kind])?.restored?.[kind];

/** Brings back what an entry's deletion took away: `mutate(entry)`. */
export function useRestore(tripId: string) {
  return useMutationWith(
    activityMutations.restore,
    (entry: ActivityEntry): Restore => ({
      tripId,
      entryId: entry.id,
      refills: restoredList(entry.kind as RestorableKind)?.(tripId) ?? null,
    }),
  );
}
