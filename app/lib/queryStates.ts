/**
 * A query's first load, not a retry after a failure. TanStack Query puts a query that has no data
 * back to `pending` when it is fetched again, so a widget that showed its spinner for every
 * pending query swapped the failure card, and its Try again, for a spinner on each retry — the
 * retry looked like nothing (issue #17). After a failure, the card stays while the retry runs.
 */
export function isFirstLoad(query: { isPending: boolean; errorUpdateCount: number }) {
  return query.isPending && query.errorUpdateCount === 0;
}
