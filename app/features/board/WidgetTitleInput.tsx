import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { updateWidgetBody } from '../../../shared/contracts/board';

type Props = { title: string; onSave: (title: string) => void; onDone: () => void };

/**
 * Renames a widget in place (double-click the title, or F2 on it). Enter or leaving the field
 * saves; Escape keeps the old title. A title the contract refuses (blank, too long) is not sent:
 * the field says why and stays open.
 */
export function WidgetTitleInput({ title, onSave, onDone }: Props) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState('');
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Closing removes the focused field, and a browser may report that as a blur: one close only.
  const closed = useRef(false);
  useEffect(() => input.current?.select(), []);

  function close() {
    closed.current = true;
    onDone();
  }

  function save() {
    if (closed.current) return;
    const parsed = updateWidgetBody.safeParse({ title: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please give the widget a title');
      input.current?.focus();
      return;
    }
    if (parsed.data.title !== title) onSave(parsed.data.title!);
    close();
  }

  return (
    <div data-no-drag className="relative min-w-0 flex-1">
      <input
        ref={input}
        value={value}
        aria-label="Widget title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        maxLength={120}
        onChange={(event) => {
          setValue(event.target.value);
          setError('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') {
            // The Escape is the field's: it must not also collapse an expanded widget.
            event.preventDefault();
            close();
          }
        }}
        onBlur={save}
        className={cn(
          'h-8 w-full rounded-md border border-input bg-background px-2 text-sm font-semibold outline-none',
          'focus-visible:ring-2 focus-visible:ring-ring',
          error && 'border-destructive',
        )}
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          className="absolute top-full left-0 z-10 mt-1 rounded-md bg-destructive px-2 py-1 text-xs text-destructive-foreground shadow"
        >
          {error}
        </p>
      )}
    </div>
  );
}
