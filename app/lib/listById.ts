import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Cached lists of things with ids (widgets, to-dos, flights), changed one item at a time by a
 * mutation's answer or by a live change from another member.
 */
type WithId = { id: string };

/** The item in place of its old self, else at the end. */
export function upsertById<T extends WithId>(list: readonly T[], item: T): T[] {
  return list.some((other) => other.id === item.id)
    ? list.map((other) => (other.id === item.id ? item : other))
    : [...list, item];
}

/**
 * The item in place of its old self; a list without it stays so. For an answer to a change of
 * an item another member may have deleted meanwhile: it must not come back.
 */
export function replaceById<T extends WithId>(list: readonly T[], item: T): T[] {
  return list.map((other) => (other.id === item.id ? item : other));
}

export function withoutId<T extends WithId>(list: readonly T[], id: string): T[] {
  return list.filter((item) => item.id !== id);
}

/**
 * One trip's cached list of items under `keyOf(tripId)`, changed one item at a time, the same
 * way for this tab's answers and other members' live changes. A list that is not loaded stays
 * so (it loads whole when it is shown); `order` keeps a sorted list sorted.
 */
export function tripListCache<T extends WithId>(
  keyOf: (tripId: string) => QueryKey,
  order: (list: T[]) => T[] = (list) => list,
) {
  const update = (queryClient: QueryClient, tripId: string, change: (list: T[]) => T[]) => {
    queryClient.setQueryData<T[]>(keyOf(tripId), (list) => list && order(change(list)));
  };
  /** An item added, or saved by another member: in its old place, else at the end. */
  const save = (queryClient: QueryClient, tripId: string, item: T) =>
    update(queryClient, tripId, (list) => upsertById(list, item));
  const remove = (queryClient: QueryClient, tripId: string, id: string) =>
    update(queryClient, tripId, (list) => withoutId(list, id));
  return {
    update,
    save,
    /** The answer to a change of an item; one deleted meanwhile stays gone. */
    replace: (queryClient: QueryClient, tripId: string, item: T) =>
      update(queryClient, tripId, (list) => replaceById(list, item)),
    remove,
    /** Other members' live changes to the list (a `LiveList` of the feature registry). */
    live: { writes: (tripId: string) => [keyOf(tripId)], saved: save, removed: remove },
  };
}
