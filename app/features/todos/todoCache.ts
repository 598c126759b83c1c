import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { Todo } from '../../../shared/contracts/todos';

export const todoKeys = {
  list: (tripId: string) => [...tripKeys.trip(tripId), 'todos'] as const,
};

/**
 * The cached list of a trip's tasks (oldest first): this tab's changes and other members' live
 * ones go through it. Saving a task already there (a refetch raced the answer) keeps it once.
 */
export const {
  update: updateTodos,
  save: saveTodoInCache,
  replace: replaceTodoInCache,
  remove: removeTodoFromCache,
  live: todoLive,
} = tripListCache<Todo>(todoKeys.list);
