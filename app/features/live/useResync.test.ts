import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todoKeys } from '@/features/todos/todoCache';
import { tripKeys } from '@/features/trips/tripKeys';
import { followResync, RESYNC_SPREAD_MS, RESYNC_WAIT_MS } from './useResync';

const TRIP = 'trip-1';
const OTHER = 'trip-2';

/** A socket that only carries what the test says the server sent. */
function fakeSocket() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    on(event: string, listener: () => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event: string, listener: () => void) {
      listeners.get(event)?.delete(listener);
    },
    /** The server's `resync`. */
    resync() {
      for (const listener of listeners.get('resync') ?? []) listener();
    },
  };
}

let queryClient: QueryClient;
let fetches: Map<string, number>;
let stops: (() => void)[];

/** A query the board shows (an observer is on it), answering how many times it was fetched. */
async function shown(queryKey: readonly unknown[]) {
  const key = JSON.stringify(queryKey);
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      const count = (fetches.get(key) ?? 0) + 1;
      fetches.set(key, count);
      return count;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  stops.push(observer.subscribe(() => {}));
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
  return observer;
}
const fetched = (queryKey: readonly unknown[]) => fetches.get(JSON.stringify(queryKey)) ?? 0;

beforeEach(() => {
  queryClient = new QueryClient();
  fetches = new Map();
  stops = [];
});
afterEach(() => {
  for (const stop of stops) stop();
  queryClient.clear();
});

describe('followResync', () => {
  it('refetches the trip on screen and my trip list, once for resyncs that come together', async () => {
    const socket = fakeSocket();
    const todos = await shown(todoKeys.list(TRIP));
    await shown(tripKeys.all);
    await shown(todoKeys.list(OTHER));
    vi.useFakeTimers();
    stops.push(followResync(socket, queryClient, TRIP, () => 1));

    // Three instances regaining Redis one after another, each telling every tab.
    socket.resync();
    await vi.advanceTimersByTimeAsync(400);
    socket.resync();
    await vi.advanceTimersByTimeAsync(400);
    socket.resync();
    expect(fetched(todoKeys.list(TRIP))).toBe(1); // not yet: it waits for the others
    await vi.advanceTimersByTimeAsync(RESYNC_WAIT_MS + RESYNC_SPREAD_MS);

    expect(fetched(todoKeys.list(TRIP))).toBe(2);
    expect(todos.getCurrentResult().data).toBe(2);
    expect(fetched(tripKeys.all)).toBe(2);
    // Another trip's data is fetched again when it is opened and joined, not now.
    expect(fetched(todoKeys.list(OTHER))).toBe(1);

    // A later outage's resync refetches again.
    socket.resync();
    await vi.advanceTimersByTimeAsync(RESYNC_WAIT_MS + RESYNC_SPREAD_MS);
    expect(fetched(todoKeys.list(TRIP))).toBe(3);
  });

  it('a tab counting the trip’s changes catches up on them instead, and refetches only my trip list', async () => {
    const socket = fakeSocket();
    await shown(todoKeys.list(TRIP));
    await shown(tripKeys.all);
    const catchUp = vi.fn();
    vi.useFakeTimers();
    stops.push(followResync(socket, queryClient, TRIP, () => 1, catchUp));
    socket.resync();
    socket.resync();
    await vi.advanceTimersByTimeAsync(RESYNC_WAIT_MS + RESYNC_SPREAD_MS);
    expect(catchUp).toHaveBeenCalledTimes(1);
    expect(fetched(todoKeys.list(TRIP))).toBe(1);
    expect(fetched(tripKeys.all)).toBe(2);
  });

  it('spreads the tabs told at once over a second or so, and stops with the socket', async () => {
    const socket = fakeSocket();
    await shown(todoKeys.list(TRIP));
    vi.useFakeTimers();
    const stop = followResync(socket, queryClient, TRIP, () => 0);
    socket.resync();
    await vi.advanceTimersByTimeAsync(RESYNC_WAIT_MS - 1);
    expect(fetched(todoKeys.list(TRIP))).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched(todoKeys.list(TRIP))).toBe(2);

    socket.resync();
    stop();
    await vi.advanceTimersByTimeAsync(RESYNC_WAIT_MS + RESYNC_SPREAD_MS);
    expect(fetched(todoKeys.list(TRIP))).toBe(2);
  });
});
