import { mutationOptions, type QueryKey } from '@tanstack/react-query';
import { tripKeys } from '@/features/trips/tripKeys';
import { apiJson } from '@/lib/queryClient';
import type { ActivityEntry } from '../../../shared/contracts/activity';

/**
 * A restore as the request sends it, with the list it refills in this tab (the others hear it
 * live): a query key, plain data, found from the registry when it is asked for (useRestore).
 */
export type Restore = { tripId: string; entryId: string; refills: QueryKey | null };

/**
 * The history's writes (issue #37: registered by key, run again from their variables alone). In
 * a module of their own, not useActivity.ts: that reads the registry, which gathers these.
 */
export const activityMutations = {
  /** Brings back what an entry's deletion took away. */
  restore: mutationOptions({
    mutationKey: ['activity', 'restore'],
    mutationFn: ({ tripId, entryId }: Restore) =>
      apiJson<{ entry: ActivityEntry }>('POST', `/api/trips/${tripId}/activity/${entryId}/restore`),
    onSettled: (_data, _error, { tripId, refills }, _context, { client }) => {
      void client.invalidateQueries({ queryKey: tripKeys.activity(tripId) });
      if (refills) void client.invalidateQueries({ queryKey: refills });
    },
  }),
};
