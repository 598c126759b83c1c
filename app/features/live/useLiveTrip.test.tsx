import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { todoKeys } from '@/features/todos/todoCache';
import { useLiveTrip } from './useLiveTrip';

const TRIP = 'trip-1';

/** The server's side of the tab's connection: the test says what it sends. */
const server = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    socket: {
      connected: false, // no join: only what the test sends happens
      on(event: string, listener: (...args: unknown[]) => void) {
        listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      },
      off(event: string, listener: (...args: unknown[]) => void) {
        listeners.get(event)?.delete(listener);
      },
      emit() {},
    },
    send(event: string) {
      for (const listener of listeners.get(event) ?? []) listener();
    },
  };
});
vi.mock('./useLiveSocket', () => ({ useLiveSocket: () => server.socket }));

afterEach(() => {
  vi.useRealTimers();
});

it("refetches the board's data when the server says live events may have been lost", async () => {
  const queryClient = new QueryClient();
  let fetches = 0;
  const todos = new QueryObserver(queryClient, {
    queryKey: todoKeys.list(TRIP),
    queryFn: async () => ++fetches,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const stop = todos.subscribe(() => {});
  await vi.waitFor(() => expect(todos.getCurrentResult().data).toBe(1));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => useLiveTrip(TRIP, 'me'), { wrapper });

  vi.useFakeTimers();
  // Two instances got Redis back, one after the other: the board refetches (once).
  server.send('resync');
  server.send('resync');
  await vi.advanceTimersByTimeAsync(5000);
  expect(fetches).toBe(2);
  expect(todos.getCurrentResult().data).toBe(2);
  unmount();
  stop();
});
