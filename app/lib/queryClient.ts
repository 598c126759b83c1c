import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { CLIENT_ID_HEADER } from '../../shared/clientId';
import { ApiError } from './apiError';
import { type RegisteredMutation, registerMutations } from './mutations';
import { TAB_ID } from './tabId';

/** spec §7: any non-OK response is raised as an ApiError, whose message is "<status>: <body text>". */
export async function throwIfNotOk(res: Response) {
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
}

/** Calls the API with the session cookie; a body is sent as JSON. Throws an ApiError on a non-OK status. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: {
      [CLIENT_ID_HEADER]: TAB_ID,
      ...(data === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the answer's JSON body. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

type On401 = 'returnNull' | 'throw';

/** The query key is the URL (its parts joined by "/"); on401 'returnNull' turns a 401 into null. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * spec §7: data queries never retry, never refetch on their own and are never stale; what
 * changes is refetched on purpose after a mutation (or, later, from a live event).
 *
 * `mutations` are the features' registered defaults (app/lib/mutations.ts). The app's own client
 * below is made without them: they come with the dashboard's code (app/pages/DashboardPage.tsx),
 * since the landing page's script budget has no room for every feature's writes. A persister that
 * restores paused mutations must therefore restore them once they are registered.
 */
export function createQueryClient({
  mutations = [],
}: {
  mutations?: Iterable<RegisteredMutation>;
} = {}) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
        // Revisited for offline use (issue #37), and kept: spec §7 says data queries never retry,
        // so a failed read shows its failure and is read again on purpose (a retry button, the
        // live connection's catch-up). A read made while the browser is offline is not a failure
        // either way: in the default `networkMode: 'online'` it waits, paused, until it is online.
        retry: false,
      },
      mutations: {
        // A refused write is not sent again by itself (the spec fixes no mutation retries, and a
        // refusal is the person's to see); a write made offline pauses instead of failing, and
        // continues once the browser is online, with the same variables: `'online'`, not
        // `'always'` (which would fail at once) nor `'offlineFirst'` (one attempt first). A
        // create's variables carry its client-chosen id, so one sent again is made once.
        retry: false,
        networkMode: 'online',
      },
    },
  });
  registerMutations(client, mutations);
  return client;
}

export const queryClient = createQueryClient();
