import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import type { Todo } from '../../../shared/contracts/todos';
import { todoKeys } from './todoCache';
import { makeTodo } from './todoTestData';

const TRIP = 'trip-1';

const todo = (id: string, text = id): Todo => makeTodo({ id, tripId: TRIP, text, dueDate: null });

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

describe('live to-do changes', () => {
  it('leaves a list that was never loaded alone (it loads whole when it is needed)', () => {
    applyTripChange(queryClient, TRIP, { type: 'item:saved', list: 'todos', item: todo('x') });
    expect(queryClient.getQueryData(todoKeys.list(TRIP))).toBeUndefined();
  });

  it('keeps to-dos in their order', () => {
    queryClient.setQueryData(todoKeys.list(TRIP), [todo('1'), todo('2')]);
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'todos',
      item: todo('1', 'Renamed'),
    });
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'todos', id: '2' });
    expect(queryClient.getQueryData(todoKeys.list(TRIP))).toEqual([todo('1', 'Renamed')]);
  });
});
