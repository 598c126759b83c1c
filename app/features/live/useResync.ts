import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tripKeys } from '@/features/trips/tripKeys';
import type { ChangeSequence } from './changeSequence';
import type { LiveSocket } from './useLiveSocket';

/** A query of this trip's data, or my trip list (which holds the trip's settings). */
export function isTripQuery(queryKey: readonly unknown[], tripId: string | null) {
  return (
    queryKey[0] === tripKeys.all[0] &&
    (queryKey.length === 1 || (tripId !== null && queryKey[1] === tripId))
  );
}

/**
 * After a resync the tab waits this long, plus up to RESYNC_SPREAD_MS more at random, then
 * refetches once for every resync heard meanwhile. Instances that lost Redis get it back one
 * after another (each tries again every 2 s at most) and each tells every tab; and a thousand
 * tabs told at once must not all refetch in the same instant.
 */
export const RESYNC_WAIT_MS = 1000;
export const RESYNC_SPREAD_MS = 1000;

/**
 * Listens for `resync` (an instance had lost Redis, so live events may have been lost): my trip
 * list is fetched again, and the trip on screen catches up on what it missed (`catchUp`, issue
 * #37) — or, without one, its queries are fetched again too. Returns the unsubscribe.
 */
export function followResync(
  socket: {
    on(event: 'resync', listener: () => void): unknown;
    off(event: 'resync', listener: () => void): unknown;
  },
  queryClient: QueryClient,
  tripId: string | null,
  random: () => number = Math.random,
  catchUp?: () => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  function refetch() {
    timer = undefined;
    if (catchUp) {
      catchUp();
      void queryClient.invalidateQueries({ queryKey: tripKeys.all, exact: true });
      return;
    }
    void queryClient.invalidateQueries({
      predicate: (query) => isTripQuery(query.queryKey, tripId),
    });
  }
  function onResync() {
    timer ??= setTimeout(refetch, RESYNC_WAIT_MS + random() * RESYNC_SPREAD_MS);
  }
  socket.on('resync', onResync);
  return () => {
    socket.off('resync', onResync);
    clearTimeout(timer);
  };
}

/** The tab catches up after a Redis outage on the server side (protocol 7). */
export function useResync(
  socket: LiveSocket | null,
  tripId: string | null,
  sequence: ChangeSequence | null,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    return followResync(socket, queryClient, tripId, Math.random, sequence?.resync);
  }, [socket, tripId, sequence, queryClient]);
}
