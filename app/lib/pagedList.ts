import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../shared/contracts/paging';
import { throwIfNotOk } from './queryClient';

/** One page of a list read a page at a time (shared/contracts/paging.ts). */
export type ListPage<Entry> = {
  entries: Entry[];
  /** Every entry, as the server counts them; null when it did not say. */
  total: number | null;
  /** The cursor of the next page, null on the last one. */
  next: string | null;
};

/** Fetches a page; `read` turns the answer's array into the entries that can be shown. */
export async function fetchListPage<Entry>(
  url: string,
  signal: AbortSignal,
  read: (body: unknown) => Entry[],
): Promise<ListPage<Entry>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(res);
  const total = Number.parseInt(res.headers.get(PAGE_TOTAL_HEADER) ?? '', 10);
  return {
    entries: read(await res.json()),
    total: Number.isNaN(total) ? null : total,
    next: res.headers.get(PAGE_CURSOR_HEADER),
  };
}

/** A list URL with its query, leaving out the parameters that are empty. */
export function listUrl(path: string, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A list read a page at a time with TanStack's infinite query: `urlOf(before)` is a page's URL,
 * `read` keeps the entries that can be shown. `keepPrevious` keeps the last results on screen
 * while a new key (a new search) loads.
 */
export function usePagedList<Entry>({
  queryKey,
  urlOf,
  read,
  enabled,
  keepPrevious = false,
  freshOnMount = false,
}: {
  queryKey: readonly unknown[];
  urlOf: (before: string | undefined) => string;
  read: (body: unknown) => Entry[];
  enabled: boolean;
  keepPrevious?: boolean;
  /** Read again each time a component shows it, whatever the cache holds. */
  freshOnMount?: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchListPage(urlOf(pageParam), signal, read),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
    ...(freshOnMount ? { refetchOnMount: 'always' as const } : {}),
  });
  const pages = query.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  return {
    query,
    entries,
    /** Every entry of the list, as the server counts them. */
    total: pages[0]?.total ?? entries.length,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
  };
}
