import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/apiError';
import { firstErrorMessage, useZodForm } from '@/lib/useZodForm';
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '../../../shared/contracts/polls';
import { emptyOption, newPollForm, newPollValues } from './newPollForm';
import { useCreatePoll } from './usePolls';

const checkboxClass = 'size-4 accent-primary';

/**
 * Ask the group (issue #21): a question, 2 to 10 options, one choice or several, names shown or
 * hidden, and an optional deadline. Checked with the server's own schema before it is sent.
 */
export function NewPollForm({ tripId, onDone }: { tripId: string; onDone: () => void }) {
  const id = useId();
  const create = useCreatePoll(tripId);
  const form = useZodForm(newPollForm, { defaultValues: newPollValues(), shouldFocusError: false });
  const { register, setFocus } = form;
  // Each row keeps its key when one above it is removed, and with it its text and focus.
  const options = useFieldArray({ control: form.control, name: 'options' });
  const error = firstErrorMessage(form.formState.errors);
  const errorId = `${id}-error`;

  function removeOption(index: number) {
    options.remove(index);
    setFocus(`options.${Math.max(0, index - 1)}.text`);
  }

  const handleSubmit = form.handleSubmit(
    (poll) =>
      create.mutate(poll, {
        onSuccess: onDone,
        onError: (failure) =>
          form.setError('root.server', {
            message: errorMessage(failure, 'Could not ask the question. Please try again.'),
          }),
      }),
    // A past deadline is the deadline's to fix; any other problem starts from the question.
    (errors) => {
      if (!errors.deadline) setFocus('question');
    },
  );

  return (
    <form
      aria-label="New poll"
      noValidate
      onSubmit={create.isPending ? (event) => event.preventDefault() : handleSubmit}
      className="grid gap-3 rounded-lg border border-border bg-background/60 p-3"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-question`}>Question</Label>
        <Input
          id={`${id}-question`}
          {...register('question')}
          placeholder="Which dates work for everyone?"
          aria-describedby={error ? errorId : undefined}
          autoFocus
          maxLength={400}
        />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-foreground">Options</legend>
        {options.fields.map((option, index) => (
          <div key={option.id} className="flex items-center gap-1.5">
            <Input
              {...register(`options.${index}.text`)}
              aria-label={`Option ${index + 1}`}
              maxLength={200}
            />
            {options.fields.length > POLL_OPTIONS_MIN && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => removeOption(index)}
              >
                <X aria-hidden />
              </Button>
            )}
          </div>
        ))}
        {options.fields.length < POLL_OPTIONS_MAX && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            // The new row takes focus (useFieldArray's shouldFocus).
            onClick={() => options.append(emptyOption())}
          >
            <Plus aria-hidden />
            Add option
          </Button>
        )}
      </fieldset>
      <div className="grid gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" className={checkboxClass} {...register('multiple')} />
          Allow several choices
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className={checkboxClass} {...register('hideVoters')} />
          Hide who voted for what
        </label>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-deadline`}>Deadline (optional)</Label>
        <Input id={`${id}-deadline`} type="datetime-local" {...register('deadline')} />
      </div>
      <FormError id={errorId} message={error} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <PendingButton type="submit" size="sm" pending={create.isPending}>
          Ask the group
        </PendingButton>
      </div>
    </form>
  );
}
