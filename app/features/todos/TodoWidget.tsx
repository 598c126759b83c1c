import { ListTodo } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { isFirstLoad } from '@/lib/queryStates';
import { cn } from '@/lib/utils';
import type { Todo } from '../../../shared/contracts/todos';
import type { Trip } from '../../../shared/contracts/trips';
import { AddTodoForm } from './AddTodoForm';
import { TodoItem } from './TodoItem';
import { useTodos } from './useTodos';

// spec §8 Todo empty state, word for word.
export const EMPTY_TODOS = 'No tasks yet. Add your first task below!';

function Progress({ todos, expanded }: { todos: Todo[]; expanded: boolean }) {
  const done = todos.filter((todo) => todo.isCompleted).length;
  const share = todos.length ? (done / todos.length) * 100 : 0;
  return (
    <div className="grid gap-1.5">
      <p className={cn('text-xs font-medium text-muted-foreground', expanded && 'text-sm')}>
        {done} of {todos.length} done
      </p>
      <div aria-hidden className="h-1 overflow-hidden rounded-full bg-muted">
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The body of the Group To-Do List widget (spec §2 Widgets, issue #5): the trip's tasks with
 * how many are done, and the form to add one. It fills the widget's card and scrolls its list
 * inside; when the card is wide (expanded) the form stands beside the list and text grows.
 */
export function TodoWidget({ trip, expanded }: { trip: Trip; expanded: boolean }) {
  const todos = useTodos(trip.id);
  const members = useTripMembers(trip.id);
  const inputRef = useRef<HTMLInputElement>(null);

  let body: ReactNode;
  if (isFirstLoad(todos)) {
    body = <WidgetLoading label="Loading tasks" />;
  } else if (todos.isError || todos.isPending) {
    body = <WidgetLoadError title="Could not load the tasks" query={todos} />;
  } else {
    const list = todos.data;
    body = (
      <div
        className={cn(
          'grid min-h-0 flex-1 grid-rows-[auto_minmax(0,1fr)_auto] gap-3 p-3',
          '@2xl:grid-cols-[minmax(0,1fr)_18rem] @2xl:grid-rows-[auto_minmax(0,1fr)] @2xl:gap-x-8 @2xl:p-6',
        )}
      >
        {/* Nothing to count yet: the empty state says it. */}
        {list.length > 0 && <Progress todos={list} expanded={expanded} />}
        {list.length === 0 ? (
          <div className="row-start-2 flex flex-col items-center justify-center gap-2 px-2 text-center text-muted-foreground">
            <ListTodo aria-hidden className="size-7" />
            <p className={cn('text-sm', expanded && 'text-base')}>{EMPTY_TODOS}</p>
          </div>
        ) : (
          <ul
            aria-label="Tasks"
            className="row-start-2 -mx-1 grid content-start gap-0.5 overflow-y-auto px-1"
          >
            {list.map((todo) => (
              <TodoItem
                key={todo.id}
                todo={todo}
                tripId={trip.id}
                members={members.data}
                membersFailed={members.isError}
                expanded={expanded}
                onDeleted={() => inputRef.current?.focus()}
              />
            ))}
          </ul>
        )}
        <div className="row-start-3 border-t border-border pt-3 @2xl:col-start-2 @2xl:row-span-2 @2xl:row-start-1 @2xl:border-t-0 @2xl:border-l @2xl:pt-0 @2xl:pl-8">
          <AddTodoForm tripId={trip.id} members={members.data} inputRef={inputRef} />
        </div>
      </div>
    );
  }

  return (
    <div
      aria-busy={todos.isPending || undefined}
      className="@container flex min-h-0 flex-1 flex-col text-foreground"
    >
      {body}
    </div>
  );
}
