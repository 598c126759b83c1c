import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type { CreateTodo, Todo, UpdateTodoBody } from '../../../shared/contracts/todos';
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

/** `POST /api/trips/:tripId/todos`; the new task from the answer goes at the end of the list. */
export function useAddTodo(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTodo) => apiJson<Todo>('POST', tripTodosUrl(tripId), body),
    onSuccess: (added) => saveTodoInCache(queryClient, tripId, added),
  });
}

const UPDATE_TODO_KEY = ['update-todo'] as const;

/** Changes of this task still waiting for the server, the one answering now included. */
function pendingChanges(queryClient: QueryClient, id: string) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: UPDATE_TODO_KEY, status: 'pending' })
    .filter((mutation) => (mutation.state.variables as TodoChange | undefined)?.todo.id === id)
    .length;
}

export type TodoChange = {
  todo: Todo;
  body: UpdateTodoBody;
  /** What the task looks like once the change is made, shown at once (optimistic update). */
  preview: Partial<Todo>;
};

/**
 * `PATCH /api/todos/:id`. The change shows before the server answers (a checkbox should not
 * wait for the network); the answer then replaces the task, unless a newer change of it is on
 * its way. On failure only the fields this
 * change touched are put back — other changes made meanwhile stay — and a toast says why.
 */
export function useUpdateTodo(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_TODO_KEY,
    mutationFn: ({ todo, body }: TodoChange) => apiJson<Todo>('PATCH', todoUrl(todo.id), body),
    onMutate: async ({ todo, preview }) => {
      // A list request in flight would overwrite the preview with the old state.
      await queryClient.cancelQueries({ queryKey: todoKeys.list(tripId) });
      updateTodos(queryClient, tripId, (todos) =>
        todos.map((current) => (current.id === todo.id ? { ...current, ...preview } : current)),
      );
    },
    onSuccess: (saved) => {
      // A newer change of this task (a second click) is on screen already; its answer follows.
      if (pendingChanges(queryClient, saved.id) > 1) return;
      replaceTodoInCache(queryClient, tripId, saved);
    },
    onError: (failure, { todo, preview }) => {
      const before = Object.fromEntries(
        Object.keys(preview).map((key) => [key, todo[key as keyof Todo]]),
      ) as Partial<Todo>;
      updateTodos(queryClient, tripId, (todos) =>
        todos.map((current) => (current.id === todo.id ? { ...current, ...before } : current)),
      );
      toast({
        title: 'Could not update the task',
        description: errorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** `DELETE /api/todos/:id`; the task leaves the list once the server has deleted it. */
export function useDeleteTodo(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (todo: Todo) => {
      await apiRequest('DELETE', todoUrl(todo.id));
    },
    onSuccess: (_answer, deleted) => removeTodoFromCache(queryClient, tripId, deleted.id),
    onError: (failure) =>
      toast({
        title: 'Could not delete the task',
        description: errorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}
