import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/apiError';
import { parseForm } from '@/lib/validation';
import {
  createPollBody,
  POLL_MESSAGES,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
} from '../../../shared/contracts/polls';
import { deadlineFromInput } from './pollText';
import { useCreatePoll } from './usePolls';

const checkboxClass = 'size-4 accent-primary';

/**
 * Ask the group (issue #21): a question, 2 to 10 options, one choice or several, names shown or
 * hidden, and an optional deadline. Checked with the server's own schema before it is sent.
 */
export function NewPollForm({ tripId, onDone }: { tripId: string; onDone: () => void }) {
  const id = useId();
  const create = useCreatePoll(tripId);
  const [question, setQuestion] = useState('');
  // Each field keeps its key when one above it is removed, and with it its text and focus.
  const nextKey = useRef(POLL_OPTIONS_MIN);
  const [options, setOptions] = useState(() =>
    Array.from({ length: POLL_OPTIONS_MIN }, (_, key) => ({ key, text: '' })),
  );
  const [multiple, setMultiple] = useState(false);
  const [hideVoters, setHideVoters] = useState(false);
  const [deadline, setDeadline] = useState('');
  const [error, setError] = useState<string | null>(null);
  const questionRef = useRef<HTMLInputElement>(null);
  const optionRefs = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = `${id}-error`;

  function setOption(index: number, value: string) {
    setOptions((current) =>
      current.map((option, at) => (at === index ? { ...option, text: value } : option)),
    );
  }

  function addOption() {
    setOptions((current) => [...current, { key: nextKey.current++, text: '' }]);
    // The new field is there after this render.
    requestAnimationFrame(() => optionRefs.current[options.length]?.focus());
  }

  function removeOption(index: number) {
    setOptions((current) => current.filter((_, at) => at !== index));
    optionRefs.current[Math.max(0, index - 1)]?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const closesAt = deadlineFromInput(deadline);
    if (closesAt && Date.parse(closesAt) <= Date.now()) {
      setError(POLL_MESSAGES.closesAtPast);
      return;
    }
    const parsed = parseForm(createPollBody, {
      question,
      options: options.map((option) => option.text).filter((text) => text.trim() !== ''),
      multiple,
      hideVoters,
      closesAt,
    });
    if (!parsed.ok) {
      setError(parsed.message);
      questionRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not ask the question. Please try again.')),
    });
  }

  return (
    <form
      aria-label="New poll"
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-3 rounded-lg border border-border bg-background/60 p-3"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-question`}>Question</Label>
        <Input
          id={`${id}-question`}
          ref={questionRef}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="Which dates work for everyone?"
          aria-describedby={error ? errorId : undefined}
          autoFocus
          maxLength={400}
        />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-foreground">Options</legend>
        {options.map((option, index) => (
          <div key={option.key} className="flex items-center gap-1.5">
            <Input
              ref={(element) => {
                optionRefs.current[index] = element;
              }}
              aria-label={`Option ${index + 1}`}
              value={option.text}
              onChange={(event) => setOption(index, event.target.value)}
              maxLength={200}
            />
            {options.length > POLL_OPTIONS_MIN && (
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
        {options.length < POLL_OPTIONS_MAX && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={addOption}
          >
            <Plus aria-hidden />
            Add option
          </Button>
        )}
      </fieldset>
      <div className="grid gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={multiple}
            onChange={(event) => setMultiple(event.target.checked)}
          />
          Allow several choices
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={hideVoters}
            onChange={(event) => setHideVoters(event.target.checked)}
          />
          Hide who voted for what
        </label>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-deadline`}>Deadline (optional)</Label>
        <Input
          id={`${id}-deadline`}
          type="datetime-local"
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
        />
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
