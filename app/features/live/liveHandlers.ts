import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EachExactlyOnce, KeysClaimed } from '@/features/feature';
import { CLIENT_FEATURES, type ClientFeatures } from '@/features/registry';
import { tripKeys } from '@/features/trips/tripKeys';
import type { TripChange, TripListItem, TripListName } from '../../../shared/contracts/live';
import type { Trip } from '../../../shared/contracts/trips';

/** The changes to the trip itself (its settings, its members), which are not items of a list. */
export type TripEventType = Exclude<TripChange['type'], 'item:saved' | 'item:removed'>;

/** How a feature takes one kind of another member's change to the trip into the query cache. */
export type LiveHandler<T extends TripEventType> = {
  /** The cached queries it writes into. */
  writes: (tripId: string) => QueryKey[];
  apply: (
    queryClient: QueryClient,
    tripId: string,
    change: Extract<TripChange, { type: T }>,
  ) => void;
};
/** A feature's handlers, one for each change type it owns. */
export type LiveHandlers<T extends TripEventType> = { [K in T]: LiveHandler<K> };

/**
 * How a feature keeps one of its lists in the query cache as other members change it: the same
 * cache writers its own mutations use (`tripListCache(…).live` for a plain list).
 */
export type LiveList<L extends TripListName> = {
  /** The cached queries a change to the list writes into. */
  writes: (tripId: string) => QueryKey[];
  saved: (queryClient: QueryClient, tripId: string, item: TripListItem<L>) => void;
  removed: (queryClient: QueryClient, tripId: string, id: string) => void;
};

// Each list and each change to the trip has one feature that caches it: one without, or with
// two, does not compile.
true satisfies EachExactlyOnce<TripListName, KeysClaimed<ClientFeatures, 'lists'>>;
true satisfies EachExactlyOnce<TripEventType, KeysClaimed<ClientFeatures, 'live'>>;
const lists = Object.assign({}, ...CLIENT_FEATURES.map((feature) => feature.lists)) as {
  [L in TripListName]: LiveList<L>;
};
const handlers = Object.assign(
  {},
  ...CLIENT_FEATURES.map((feature) => feature.live),
) as LiveHandlers<TripEventType>;

/**
 * A fetch of `queryKey` already under way may have read the database before this change was
 * saved, and would put the old state back when it lands: it is replaced by a fresh one (which
 * starts after the change, so it has it).
 */
function refetchIfInFlight(queryClient: QueryClient, queryKey: QueryKey) {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: true });
  }
}

/** Writes another member's saved change to the trip on screen into the query cache. */
export function applyTripChange(queryClient: QueryClient, tripId: string, change: TripChange) {
  // The unions of lists and handlers are not callable with the union of changes; the tables
  // pair them.
  if (change.type === 'item:saved' || change.type === 'item:removed') {
    const list = lists[change.list] as LiveList<TripListName>;
    for (const key of list.writes(tripId)) refetchIfInFlight(queryClient, key);
    if (change.type === 'item:saved') list.saved(queryClient, tripId, change.item);
    else list.removed(queryClient, tripId, change.id);
    return;
  }
  const handler = handlers[change.type] as LiveHandler<TripEventType>;
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
  const listed = queryClient.getQueryData<Trip[]>(tripKeys.all);
  if (listed?.some((trip) => trip.id === tripId)) {
    if (change.type === 'trip:saved') applyTripChange(queryClient, tripId, change);
  } else if (listed) {
    void queryClient.invalidateQueries({ queryKey: tripKeys.all, exact: true });
  }
}
