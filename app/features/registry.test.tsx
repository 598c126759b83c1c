import {
  dehydrate,
  hashKey,
  hydrate,
  onlineManager,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCreateWidget } from '@/features/board/useWidgets';
import { useCreateTodo } from '@/features/todos/useTodos';
import { createQueryClient, queryClient } from '@/lib/queryClient';
import { mockApi } from '@/test/api';
import { CLIENT_FEATURES, FEATURE_MUTATIONS } from './registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the features' mutations (issue #37)", () => {
  it('are each under [feature, action], once, with the request they make', () => {
    const keys = CLIENT_FEATURES.flatMap((feature) =>
      Object.entries(feature.mutations ?? {}).map(([action, mutation]) => {
        expect(mutation.mutationKey).toEqual([feature.name, action]);
        expect(mutation.mutationFn).toBeTypeOf('function');
        return hashKey(mutation.mutationKey);
      }),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(FEATURE_MUTATIONS).toHaveLength(keys.length);
    // The trip's lists' creates, whose ids the client chooses, are among them.
    for (const feature of ['todos', 'board', 'flights', 'polls', 'comments']) {
      expect(keys).toContain(hashKey([feature, 'create']));
    }
    expect(keys).toContain(hashKey(['shortlist', 'create']));
  });

  it('are the defaults of their keys on a query client made with them', () => {
    const client = createQueryClient({ mutations: FEATURE_MUTATIONS });
    for (const mutation of FEATURE_MUTATIONS) {
      const defaults = client.getMutationDefaults(mutation.mutationKey);
      expect(defaults.mutationFn, hashKey(mutation.mutationKey)).toBe(mutation.mutationFn);
      expect(defaults.onSuccess).toBe(mutation.onSuccess);
    }
  });

  it('are registered on the app’s own client once the dashboard’s code has loaded', async () => {
    // The landing page's client knows none of them (its script budget has no room)…
    const [first] = FEATURE_MUTATIONS;
    expect(queryClient.getMutationDefaults(first!.mutationKey).mutationFn).toBeUndefined();
    await import('@/pages/DashboardPage');
    for (const mutation of FEATURE_MUTATIONS) {
      expect(queryClient.getMutationDefaults(mutation.mutationKey).mutationFn).toBe(
        mutation.mutationFn,
      );
    }
  });
});

describe('a create made offline, kept, and replayed after a reload', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  const wrapperOf =
    (client: QueryClient) =>
    ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

  /**
   * Starts a create while offline, then keeps it as a persister would (the paused mutation as
   * JSON), and replays what was kept twice on new clients, as two reloads would: the requests sent.
   */
  async function replayTwice(path: string, start: (client: QueryClient) => void) {
    const api = mockApi({
      [`POST ${path}`]: (call) => ({
        status: 201,
        body: { ...(call.body as object), tripId: 't1' },
      }),
    });
    onlineManager.setOnline(false);
    const offline = createQueryClient({ mutations: FEATURE_MUTATIONS });
    start(offline);
    await waitFor(() =>
      expect(
        offline
          .getMutationCache()
          .getAll()
          .map((m) => m.state.isPaused),
      ).toEqual([true]),
    );
    expect(api.callsTo(`POST ${path}`)).toHaveLength(0);
    const kept = JSON.stringify(dehydrate(offline));
    offline.clear();

    onlineManager.setOnline(true);
    for (const _reload of [1, 2]) {
      const reloaded = createQueryClient({ mutations: FEATURE_MUTATIONS });
      hydrate(reloaded, JSON.parse(kept));
      await reloaded.resumePausedMutations();
      expect(
        reloaded
          .getMutationCache()
          .getAll()
          .map((m) => m.state.status),
      ).toEqual(['success']);
    }
    const sent = api.callsTo(`POST ${path}`).map((call) => (call.body as { id: string }).id);
    const [variables] = JSON.parse(kept).mutations.map(
      (m: { state: { variables: { id: string } } }) => m.state.variables,
    );
    return { sent, chosen: variables.id as string };
  }

  it('sends the to-do’s id chosen when it was made, the same each time', async () => {
    const { sent, chosen } = await replayTwice('/api/trips/t1/todos', (client) => {
      const { result } = renderHook(() => useCreateTodo('t1'), { wrapper: wrapperOf(client) });
      act(() => result.current.mutate({ text: 'Book the ferry' }));
    });
    expect(chosen).toMatch(UUID);
    expect(sent).toEqual([chosen, chosen]);
  });

  it('sends the widget’s id of spec §4’s form chosen when it was made, the same each time', async () => {
    const { sent, chosen } = await replayTwice('/api/trips/t1/widgets', (client) => {
      const { result } = renderHook(() => useCreateWidget('t1'), { wrapper: wrapperOf(client) });
      act(() => result.current.mutate({ type: 'todo', position: { top: 100, left: 100 } }));
    });
    expect(chosen).toMatch(/^todo\d+$/);
    expect(sent).toEqual([chosen, chosen]);
  });
});
