import type { QueryClient } from '@tanstack/react-query';
import type { EachExactlyOnce, KeysClaimed } from '@/features/feature';
import { CLIENT_FEATURES, type ClientFeatures } from '@/features/registry';
import { tripKeys } from '@/features/trips/tripKeys';
import type { TripChange } from '../../../shared/contracts/realtime';
import type { TripDto } from '../../../shared/contracts/trips';

type ChangeType = TripChange['type'];

/** How a feature takes one kind of another member's saved change into the query cache. */
export type LiveHandler<T extends ChangeType> = {
  /** The cached queries it writes into. */
  writes: (tripId: string) => (readonly unknown[])[];
  apply: (
    queryClient: QueryClient,
    tripId: string,
    change: Extract<TripChange, { type: T }>,
  ) => void;
};
/** A feature's handlers, one for each change type it owns. */
export type LiveHandlers<T extends ChangeType> = { [K in T]: LiveHandler<K> };

// Each feature owns its changes, with the same cache writers its own mutations use. A change
// type without a handler, or with two, does not compile.
true satisfies EachExactlyOnce<ChangeType, KeysClaimed<ClientFeatures, 'live'>>;
const handlers = Object.assign(
  {},
  ...CLIENT_FEATURES.map((feature) => feature.live),
) as LiveHandlers<ChangeType>;

/**
 * A fetch of `queryKey` already under way may have read the database before this change was
 * saved, and would put the old state back when it lands: it is replaced by a fresh one (which
 * starts after the change, so it has it).
 */
function refetchIfInFlight(queryClient: QueryClient, queryKey: readonly unknown[]) {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: true });
  }
}

/** Writes another member's saved change to the trip on screen into the query cache. */
export function applyTripChange(queryClient: QueryClient, tripId: string, change: TripChange) {
  // The union of handlers is not callable with the union of changes; the table pairs them.
  const handler = handlers[change.type] as LiveHandler<ChangeType>;
  for (const key of handler.writes(tripId)) refetchIfInFlight(queryClient, key);
  handler.apply(queryClient, tripId, change);
}

/**
 * A change to one of my trips that this tab does not show: only what its trip list shows
 * matters here (the trip's other caches are refetched when it is opened and joined). A trip the
 * list does not hold yet was joined in another tab: the list is fetched again.
 */
export function applyChangeElsewhere(queryClient: QueryClient, tripId: string, change: TripChange) {
  if (change.type === 'trip:deleted') return applyTripChange(queryClient, tripId, change);
  if (change.type !== 'trip:saved' && change.type !== 'members:changed') return;
  const listed = queryClient.getQueryData<TripDto[]>(tripKeys.all);
  if (listed?.some((trip) => trip.id === tripId)) {
    if (change.type === 'trip:saved') applyTripChange(queryClient, tripId, change);
  } else if (listed) {
    void queryClient.invalidateQueries({ queryKey: tripKeys.all, exact: true });
  }
}
