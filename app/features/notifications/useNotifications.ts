import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveSocket } from '@/features/live/useLiveSocket';
import { type ListPage, listUrl, usePagedList } from '@/lib/pagedList';
import { apiJson } from '@/lib/queryClient';
import {
  type MarkRead,
  type NotificationEntry,
  type NotificationKind,
  notificationEntry,
  type UnreadCount,
} from '../../../shared/contracts/notifications';

/**
 * Query keys of my notifications. The unread count's key is also its `GET` path (the default
 * query function joins a key with "/"); the list has a query function of its own (paged).
 */
export const notificationKeys = {
  /** Both queries below start with this: a live change invalidates it. */
  all: ['/api/notifications'] as const,
  unread: ['/api/notifications', 'unread'] as const,
  list: ['/api/notifications', 'list'] as const,
};

type ListData = InfiniteData<ListPage<NotificationEntry>, string | undefined>;

/** The entries of an answer that can be shown (one odd entry does not break the bell). */
function readEntries(body: unknown): NotificationEntry[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const parsed = notificationEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * How many of my notifications are unread, for the bell's badge. Read each time the bell shows
 * (a visit to another page closes the live connection, so changes meanwhile were missed), then
 * kept up to date by `notifications:changed` (useLiveNotifications).
 */
export function useUnreadCount() {
  return useQuery<UnreadCount>({ queryKey: notificationKeys.unread, refetchOnMount: 'always' });
}

/** My notifications, newest first, a page at a time, read afresh each time the bell opens. */
export function useNotificationList(enabled: boolean) {
  const { query, ...list } = usePagedList({
    queryKey: notificationKeys.list,
    urlOf: (before) => listUrl('/api/notifications', { before }),
    read: readEntries,
    enabled,
    freshOnMount: true,
  });
  return {
    ...list,
    isLoading: query.isPending && enabled,
    isFetching: query.isFetching,
    error: query.error,
    retry: () => query.refetch(),
  };
}

/** Marks entries of the cached list read (all of them when `ids` is null). */
function markCachedRead(queryClient: QueryClient, ids: readonly string[] | null, at: string) {
  queryClient.setQueryData<ListData>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            entries: page.entries.map((entry) =>
              entry.readAt === null && (ids === null || ids.includes(entry.id))
                ? { ...entry, readAt: at }
                : entry,
            ),
          })),
        }
      : data,
  );
}

/**
 * `POST /api/notifications/read`: some entries, or all. Shown read at once; the answer's count
 * replaces the badge's. On a failure both are read again (the caller tells the person).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkRead) => apiJson<UnreadCount>('POST', '/api/notifications/read', body),
    onMutate: (body) => {
      const ids = 'ids' in body ? body.ids : null;
      markCachedRead(queryClient, ids, new Date().toISOString());
      queryClient.setQueryData<UnreadCount>(
        notificationKeys.unread,
        (count) => count && { unread: ids ? Math.max(0, count.unread - ids.length) : 0 },
      );
    },
    onSuccess: (count) => queryClient.setQueryData(notificationKeys.unread, count),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * `notifications:changed` (a new entry, or some read in another tab): my user's room hears it
 * on the dashboard's connection, whichever trip is on screen. A reconnect reads them again too,
 * since what was said while the connection was down is lost.
 */
export function useLiveNotifications(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    socket.on('notifications:changed', refresh);
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('notifications:changed', refresh);
      socket.io.off('reconnect', refresh);
    };
  }, [socket, queryClient]);
}

/**
 * `POST /api/unsubscribe?token&kind`: an e-mail's one-click link, from the /unsubscribe page. The
 * token is the proof, so it works signed out.
 */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: ({ token, kind }: { token: string; kind: NotificationKind }) =>
      apiJson<{ kind: NotificationKind; email: string }>(
        'POST',
        `/api/unsubscribe?${new URLSearchParams({ token, kind })}`,
      ),
  });
}
