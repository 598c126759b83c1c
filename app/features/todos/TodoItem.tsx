import { CalendarClock, CalendarDays, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { cn } from '@/lib/utils';
import type { Todo } from '../../../shared/contracts/todos';
import type { TripMember } from '../../../shared/contracts/trips';
import { isDueSoon } from '../../../shared/todoPriority';
import { AssigneeMenu } from './AssigneeMenu';
import { PriorityBadge } from './PriorityBadge';
import { formatDueDate } from './todoDates';
import { useDeleteTodo, useUpdateTodo } from './useTodos';

/**
 * The due date, red when it is 2 days away or less (spec §5). A done task is not urgent any
 * more, so its date stays quiet. The icon changes too, so the warning is not colour alone.
 */
function DueDate({ dueDate, done }: { dueDate: string; done: boolean }) {
  const soon = !done && isDueSoon(dueDate);
  const Icon = soon ? CalendarClock : CalendarDays;
  return (
    <span
      data-due-soon={soon || undefined}
      className={cn('inline-flex items-center gap-1', soon && 'font-medium text-destructive')}
    >
      <Icon aria-hidden className="size-3.5" />
      <span className="sr-only">Due </span>
      <time dateTime={dueDate}>{formatDueDate(dueDate)}</time>
      {soon && <span className="sr-only"> (due soon)</span>}
    </span>
  );
}

/**
 * One task: a checkbox (the task's text is its label) to mark it done or not, its priority,
 * due date and assignee, and — only once done (spec §4) — a delete button.
 */
export function TodoItem({
  todo,
  tripId,
  members,
  membersFailed,
  expanded,
  onDeleted,
}: {
  todo: Todo;
  tripId: string;
  members: TripMember[] | undefined;
  membersFailed: boolean;
  expanded: boolean;
  /** After the task is gone, so focus can go somewhere useful instead of the page. */
  onDeleted: () => void;
}) {
  const checkboxId = useId();
  const update = useUpdateTodo(tripId);
  const remove = useDeleteTodo(tripId);
  // The click shows at once: the cache's optimistic update reaches the list a task later, and
  // a controlled checkbox would flick back in between. Once the list has the new state (or has
  // put the old one back after a failure) it is in charge again.
  const [clicked, setClicked] = useState<{ from: boolean; to: boolean } | null>(null);
  const done = clicked && clicked.from === todo.isCompleted ? clicked.to : todo.isCompleted;
  const reveal = useRevealItem(tripId, 'todo', todo.id);

  return (
    <li
      {...reveal}
      className={cn(
        'flex items-start gap-2.5 rounded-md px-2 py-2 transition-colors hover:bg-accent/40',
        REVEALED_CLASS,
        expanded && 'gap-3 py-2.5',
      )}
    >
      <input
        id={checkboxId}
        type="checkbox"
        checked={done}
        onChange={(event) => {
          const isCompleted = event.target.checked;
          setClicked({ from: todo.isCompleted, to: isCompleted });
          update.mutate(
            { todo, body: { isCompleted }, preview: { isCompleted } },
            // A refused change whose preview never reached the list: show the list's state.
            { onError: () => setClicked(null) },
          );
        }}
        className={cn('mt-0.5 size-4 shrink-0 cursor-pointer accent-primary', expanded && 'size-5')}
      />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={checkboxId}
          className={cn(
            'block cursor-pointer break-words text-sm leading-snug',
            expanded && 'text-base',
            done && 'text-muted-foreground line-through',
          )}
        >
          {todo.text}
        </label>
        <div
          className={cn(
            'mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground',
            done && 'opacity-70',
          )}
        >
          <PriorityBadge priority={todo.priority} />
          {todo.dueDate && <DueDate dueDate={todo.dueDate} done={done} />}
          <CommentsButton
            tripId={tripId}
            subject={{ subjectType: 'todo', subjectId: todo.id }}
            label={todo.text}
          />
        </div>
      </div>
      <AssigneeMenu
        taskText={todo.text}
        assignee={todo.assignedTo}
        members={members}
        membersFailed={membersFailed}
        showName={expanded}
        onAssign={(assignee) =>
          update.mutate({
            todo,
            body: { assignedTo: assignee?.id ?? null },
            preview: { assignedTo: assignee },
          })
        }
      />
      {done && (
        <PendingButton
          type="button"
          variant="ghost"
          size="icon"
          pending={remove.isPending}
          aria-label={`Delete task: ${todo.text}`}
          title="Delete task"
          // mutateAsync, not mutate's own onSuccess: that one is skipped once this row unmounts,
          // which is exactly what a successful delete does. A failure is the hook's toast.
          onClick={() => remove.mutateAsync(todo).then(onDeleted, () => {})}
          className="-my-1 size-8 shrink-0 text-muted-foreground hover:text-destructive"
        >
          {!remove.isPending && <Trash2 aria-hidden />}
        </PendingButton>
      )}
    </li>
  );
}
