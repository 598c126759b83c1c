import { Plus } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/apiError';
import { firstErrorMessage, useZodForm } from '@/lib/useZodForm';
import { cn } from '@/lib/utils';
import type { TripMember } from '../../../shared/contracts/trips';
import { TODO_PRIORITIES, type TodoPriority } from '../../../shared/todoPriority';
import { memberLabel } from './AssigneeMenu';
import { addTodoForm, defaultDay, formPriority } from './addTodoForm';
import { PRIORITY_LABELS } from './PriorityBadge';
import { useCreateTodo } from './useTodos';

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
  members: TripMember[] | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const add = useCreateTodo(tripId);
  const form = useZodForm(addTodoForm, {
    defaultValues: { text: '', day: defaultDay(), pickedPriority: null, assignee: '' },
    // The one message belongs to the text field, where focus goes whatever the problem.
    shouldFocusError: false,
  });
  const { register, setValue, getValues, clearErrors } = form;
  const [day, pickedPriority] = useWatch({
    control: form.control,
    name: ['day', 'pickedPriority'],
  });
  const priority = formPriority({ day, pickedPriority });
  const error = firstErrorMessage(form.formState.errors);
  const errorId = `${id}-error`;
  const text = register('text', { onChange: () => clearErrors() });

  const handleSubmit = form.handleSubmit(
    (todo) => {
      // Clicking Add moves focus to the button, which is disabled while the task is sent.
      inputRef.current?.focus();
      const sent = getValues('text');
      add.mutate(todo, {
        // Whatever was typed meanwhile is the next task: only the text sent is cleared. The next
        // task starts from the spec's defaults again (issue #17: the last day and priority stuck).
        onSuccess: () => {
          if (getValues('text') === sent) setValue('text', '');
          setValue('day', defaultDay());
          setValue('pickedPriority', null);
        },
        onError: (failure) =>
          form.setError('root.server', {
            message: errorMessage(failure, 'Could not add the task. Please try again.'),
          }),
      });
    },
    () => inputRef.current?.focus(),
  );

  return (
    <form
      noValidate
      // Enter pressed twice while the first task is on its way would add it twice.
      onSubmit={add.isPending ? (event) => event.preventDefault() : handleSubmit}
      aria-label="Add a task"
      className="grid content-start gap-2"
    >
      <div className="flex gap-2">
        <Label htmlFor={`${id}-text`} className="sr-only">
          New task
        </Label>
        <Input
          {...text}
          ref={(element) => {
            text.ref(element);
            inputRef.current = element;
          }}
          id={`${id}-text`}
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
          <input id={`${id}-due`} type="date" {...register('day')} className={smallControlClass} />
        </div>
        <div className="grid min-w-[5.5rem] flex-1 gap-1">
          <label htmlFor={`${id}-priority`} className={optionLabelClass}>
            Priority
          </label>
          <select
            id={`${id}-priority`}
            value={priority}
            onChange={(event) => setValue('pickedPriority', event.target.value as TodoPriority)}
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
          <select id={`${id}-assignee`} {...register('assignee')} className={smallControlClass}>
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
