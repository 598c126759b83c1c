import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiJson } from '@/lib/queryClient';
import type { TripChangesSince } from '../../../shared/contracts/live';
import { type ChangeSequence, createChangeSequence } from './changeSequence';
import { applyChangeOnScreen } from './useLiveChanges';
import type { LiveSocket } from './useLiveSocket';
import { isTripQuery } from './useResync';

/**
 * The change count of the trip on screen (changeSequence.ts), kept per trip for as long as the
 * connection lasts: a trip switched back to catches up from where this tab left it.
 */
export function useChangeSequence(
  socket: LiveSocket | null,
  tripId: string | null,
): ChangeSequence | null {
  const queryClient = useQueryClient();
  // A new connection is a new page's: its counts start again at its first join.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per connection
  const sequences = useMemo(() => new Map<string, ChangeSequence>(), [socket]);
  return useMemo(() => {
    if (!tripId) return null;
    let sequence = sequences.get(tripId);
    if (!sequence) {
      sequence = createChangeSequence({
        apply: (change) => applyChangeOnScreen(queryClient, tripId, change),
        fetchSince: (seq) =>
          apiJson<TripChangesSince>(
            'GET',
            `/api/trips/${encodeURIComponent(tripId)}/changes?since=${seq}`,
          ),
        refetchAll: () =>
          void queryClient.invalidateQueries({
            predicate: (query) => isTripQuery(query.queryKey, tripId),
          }),
      });
      sequences.set(tripId, sequence);
    }
    return sequence;
  }, [sequences, tripId, queryClient]);
}
