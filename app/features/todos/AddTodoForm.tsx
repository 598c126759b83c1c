import { Plus } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/apiError';
import { cn } from '@/lib/utils';
import { parseForm } from '@/lib/validation';
import { createTodoBody } from '../../../shared/contracts/todos';
import type { TripMemberDto } from '../../../shared/contracts/trips';
import { defaultDueDate, TODO_PRIORITIES, type TodoPriority } from '../../../shared/todoPriority';
import { memberLabel } from './AssigneeMenu';
import { PRIORITY_LABELS } from './PriorityBadge';
import { dayInputValue, dueDateForDay, priorityForDay } from './todoDates';
import { useAddTodo } from './useTodos';

/** Hidden in the narrow card, where the controls speak for themselves; shown when there is room. */
const optionLabelClass = 'sr-only text-xs text-muted-foreground @2xl:not-sr-only';
const smallControlClass = cn(
  'h-8 w-full min-w-0 rounded-md border border-input bg-background px-2 text-base text-foreground shadow-xs sm:text-xs',
  'outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
);

/**
 * Add a task (spec §5): text (not blank once trimmed), due date (7 days from now unless changed),
 * priority (follows the due date by the automatic rule until the user picks one, then stays),
 * and who does it. Enter in the text field adds; the text clears and the field keeps focus, so
 * the next task can follow at once. Date, priority and assignee stay for it.
 */
export function AddTodoForm({
  tripId,
  members,
  inputRef,
}: {
  tripId: string;
  members: TripMemberDto[] | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const add = useAddTodo(tripId);
  const [text, setText] = useState('');
  const [day, setDay] = useState(() => dayInputValue(defaultDueDate()));
  const [pickedPriority, setPickedPriority] = useState<TodoPriority | null>(null);
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<string | null>(null);
  const priority = pickedPriority ?? priorityForDay(day);
  const errorId = `${id}-error`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter pressed twice while the first task is on its way would add it twice.
    if (add.isPending) return;
    const parsed = parseForm(createTodoBody, {
      text,
      dueDate: dueDateForDay(day),
      priority,
      isCompleted: false,
      assignedTo: assignee,
    });
    if (!parsed.ok) {
      setError(parsed.message);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    // Clicking Add moves focus to the button, which is disabled while the task is sent.
    inputRef.current?.focus();
    const sent = text;
    add.mutate(parsed.data, {
      // Whatever was typed meanwhile is the next task: only the text sent is cleared. The next
      // task starts from the spec's defaults again (issue #17: the last day and priority stuck).
      onSuccess: () => {
        setText((current) => (current === sent ? '' : current));
        setDay(dayInputValue(defaultDueDate()));
        setPickedPriority(null);
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not add the task. Please try again.')),
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Add a task"
      className="grid content-start gap-2"
    >
      <div className="flex gap-2">
        <Label htmlFor={`${id}-text`} className="sr-only">
          New task
        </Label>
        <Input
          ref={inputRef}
          id={`${id}-text`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          placeholder="Add a task…"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-9 flex-1"
        />
        <PendingButton
          type="submit"
          size="sm"
          pending={add.isPending}
          className="h-9"
          aria-label="Add task"
        >
          {!add.isPending && <Plus aria-hidden />}
          Add
        </PendingButton>
      </div>
      <FormError id={errorId} message={error} className="px-2 py-1.5 text-xs" />
      <div className="flex flex-wrap gap-2 @2xl:grid @2xl:gap-3">
        <div className="grid min-w-[8.5rem] flex-[1.4] gap-1">
          <label htmlFor={`${id}-due`} className={optionLabelClass}>
            Due date
          </label>
          <input
            id={`${id}-due`}
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            className={smallControlClass}
          />
        </div>
        <div className="grid min-w-[5.5rem] flex-1 gap-1">
          <label htmlFor={`${id}-priority`} className={optionLabelClass}>
            Priority
          </label>
          <select
            id={`${id}-priority`}
            value={priority}
            onChange={(event) => setPickedPriority(event.target.value as TodoPriority)}
            title={pickedPriority ? undefined : 'Follows the due date until you pick one'}
            className={smallControlClass}
          >
            {TODO_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-[7rem] flex-1 gap-1">
          <label htmlFor={`${id}-assignee`} className={optionLabelClass}>
            Assigned to
          </label>
          <select
            id={`${id}-assignee`}
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            className={smallControlClass}
          >
            <option value="">Unassigned</option>
            {members?.map((member) => (
              <option key={member.id} value={member.id}>
                {memberLabel(member)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </form>
  );
}
