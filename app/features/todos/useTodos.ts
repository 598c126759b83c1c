import { mutationOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { toastFailure } from '@/hooks/useToast';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type { CreateTodoBody, Todo, UpdateTodoBody } from '../../../shared/contracts/todos';
import { randomUuid } from '../../../shared/ids';
import {
  removeTodoFromCache,
  replaceTodoInCache,
  saveTodoInCache,
  todoKeys,
  updateTodos,
} from './todoCache';

const tripTodosUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/todos`;
const todoUrl = (id: string) => `/api/todos/${encodeURIComponent(id)}`;

/** `GET /api/trips/:tripId/todos`: the trip's tasks, oldest first. */
export function useTodos(tripId: string) {
  return useQuery<Todo[]>({ queryKey: todoKeys.list(tripId) });
}

/** A new task as the request sends it: its trip, and the id chosen for it here. */
export type NewTodo = CreateTodoBody & { tripId: string; id: string };

export type TodoEdit = {
  tripId: string;
  todo: Todo;
  body: UpdateTodoBody;
  /** What the task looks like once the change is made, shown at once (optimistic update). */
  preview: Partial<Todo>;
};

const UPDATE_TODO_KEY = ['todos', 'update'] as const;

/** Changes of this task still waiting for the server, the one answering now included. */
function pendingChanges(queryClient: QueryClient, id: string) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: UPDATE_TODO_KEY, status: 'pending' })
    .filter((mutation) => (mutation.state.variables as TodoEdit | undefined)?.todo.id === id)
    .length;
}

/** The to-dos' writes (issue #37: registered by key, run again from their variables alone). */
export const todoMutations = {
  /** `POST /api/trips/:tripId/todos`; the new task from the answer goes at the end of the list. */
  create: mutationOptions({
    mutationKey: ['todos', 'create'],
    mutationFn: ({ tripId, ...body }: NewTodo) => apiJson<Todo>('POST', tripTodosUrl(tripId), body),
    onSuccess: (added, { tripId }, _context, { client }) => saveTodoInCache(client, tripId, added),
  }),

  /**
   * `PATCH /api/todos/:id`. The change shows before the server answers (a checkbox should not
   * wait for the network); the answer then replaces the task, unless a newer change of it is on
   * its way. On failure only the fields this change touched are put back — other changes made
   * meanwhile stay — and a toast says why.
   */
  update: mutationOptions({
    mutationKey: UPDATE_TODO_KEY,
    mutationFn: ({ todo, body }: TodoEdit) => apiJson<Todo>('PATCH', todoUrl(todo.id), body),
    onMutate: async ({ tripId, todo, preview }, { client }) => {
      // A list request in flight would overwrite the preview with the old state.
      await client.cancelQueries({ queryKey: todoKeys.list(tripId) });
      updateTodos(client, tripId, (todos) =>
        todos.map((current) => (current.id === todo.id ? { ...current, ...preview } : current)),
      );
    },
    onSuccess: (saved, { tripId }, _context, { client }) => {
      // A newer change of this task (a second click) is on screen already; its answer follows.
      if (pendingChanges(client, saved.id) > 1) return;
      replaceTodoInCache(client, tripId, saved);
    },
    onError: (failure, { tripId, todo, preview }, _context, { client }) => {
      const before = Object.fromEntries(
        Object.keys(preview).map((key) => [key, todo[key as keyof Todo]]),
      ) as Partial<Todo>;
      updateTodos(client, tripId, (todos) =>
        todos.map((current) => (current.id === todo.id ? { ...current, ...before } : current)),
      );
      toastFailure('Could not update the task')(failure);
    },
  }),

  /** `DELETE /api/todos/:id`; the task leaves the list once the server has deleted it. */
  delete: mutationOptions({
    mutationKey: ['todos', 'delete'],
    mutationFn: async ({ id }: { tripId: string; id: string }) => {
      await apiRequest('DELETE', todoUrl(id));
    },
    onSuccess: (_answer, { tripId, id }, _context, { client }) =>
      removeTodoFromCache(client, tripId, id),
    onError: toastFailure('Could not delete the task'),
  }),
};

/** Adds a task to the trip under an id chosen here, so that sending it again adds it once. */
export function useCreateTodo(tripId: string) {
  return useMutationWith(
    todoMutations.create,
    (body: CreateTodoBody): NewTodo => ({ ...body, tripId, id: randomUuid() }),
  );
}

/** Changes a task of the trip: `mutate({ todo, body, preview })`. */
export function useUpdateTodo(tripId: string) {
  return useMutationWith(
    todoMutations.update,
    (change: Omit<TodoEdit, 'tripId'>): TodoEdit => ({ ...change, tripId }),
  );
}

/** Deletes a task of the trip: `mutate(todo)`. */
export function useDeleteTodo(tripId: string) {
  return useMutationWith(todoMutations.delete, (todo: Todo) => ({ tripId, id: todo.id }));
}
