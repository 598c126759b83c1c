import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { todoKeys } from '@/features/todos/todoCache';
import { makeTodo } from '@/features/todos/todoTestData';
import { makeTrip } from '@/features/trips/tripFixtures';
import { tripKeys } from '@/features/trips/tripKeys';
import { deferred } from '@/test/api';
import type { Todo } from '../../../shared/contracts/todos';
import type { Trip } from '../../../shared/contracts/trips';
import { applyChangeElsewhere, applyTripChange } from './liveHandlers';

// What each change does to the cache is tested beside the feature that owns it
// (board/widgetCache, todos/todoCache, flights/flightCache, trips/tripCache, members/memberCache).

const TRIP = 'trip-1';

const todo = (id: string, text = id): Todo => makeTodo({ id, tripId: TRIP, text, dueDate: null });

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

describe('applyChangeElsewhere (a trip this tab does not show)', () => {
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

  it('renames it in my trip list and forgets it when it is deleted', () => {
    const other = makeTrip({ id: TRIP, name: 'Bali', role: 'member' });
    const shown = makeTrip({ id: 'shown' });
    queryClient.setQueryData(tripKeys.all, [shown, other]);
    const { role: _role, createdAt: _createdAt, ...settings } = other;
    applyChangeElsewhere(queryClient, TRIP, {
      type: 'trip:saved',
      trip: { ...settings, name: 'Bali and Lombok' },
    });
    expect(queryClient.getQueryData<Trip[]>(tripKeys.all)).toEqual([
      shown,
      { ...other, name: 'Bali and Lombok' },
    ]);
    applyChangeElsewhere(queryClient, TRIP, { type: 'trip:deleted' });
    expect(queryClient.getQueryData<Trip[]>(tripKeys.all)).toEqual([shown]);
  });

  it('fetches my trip list again for a trip it does not hold yet (joined in another tab)', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: 'shown' })]);
    applyChangeElsewhere(queryClient, TRIP, { type: 'members:changed' });
    expect(stale(tripKeys.all)).toBe(true);
  });

  it('leaves alone what only that trip’s board shows, and a listed trip’s members', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: TRIP })]);
    queryClient.setQueryData(todoKeys.list(TRIP), [todo('a')]);
    queryClient.setQueryData(tripKeys.members(TRIP), []);
    applyChangeElsewhere(queryClient, TRIP, { type: 'item:saved', list: 'todos', item: todo('b') });
    applyChangeElsewhere(queryClient, TRIP, { type: 'members:changed' });
    expect(queryClient.getQueryData(todoKeys.list(TRIP))).toEqual([todo('a')]);
    expect(stale(tripKeys.all)).toBe(false);
    expect(stale(tripKeys.members(TRIP))).toBe(false);
  });
});

describe('a fetch under way when a change arrives', () => {
  it('is replaced by one that has the change, so the change is not undone when it lands', async () => {
    // The list is shown and being fetched again (after a join, say), slowly: each read takes
    // what the database holds when it starts, and answers when the test says so.
    queryClient.setQueryData(todoKeys.list(TRIP), [todo('a')]);
    let saved = [todo('a')];
    const reads: { holds: Todo[]; answer: ReturnType<typeof deferred<Todo[]>> }[] = [];
    const observer = new QueryObserver<Todo[]>(queryClient, {
      queryKey: todoKeys.list(TRIP),
      queryFn: () => {
        const answer = deferred<Todo[]>();
        reads.push({ holds: saved, answer });
        return answer.promise;
      },
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toHaveLength(1)); // the first read is under way

    saved = [todo('a'), todo('b')];
    applyTripChange(queryClient, TRIP, { type: 'item:saved', list: 'todos', item: todo('b') });
    const ids = () => queryClient.getQueryData<Todo[]>(todoKeys.list(TRIP))?.map((t) => t.id);
    expect(ids()).toEqual(['a', 'b']);

    // A second read starts, after the change; the first, from before it, answers last.
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!.answer.resolve(reads[1]!.holds);
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(todoKeys.list(TRIP))?.fetchStatus).toBe('idle'),
    );
    reads[0]!.answer.resolve(reads[0]!.holds);
    await reads[0]!.answer.promise;
    expect(ids()).toEqual(['a', 'b']);
    expect(reads).toHaveLength(2);
    stop();
  });
});
