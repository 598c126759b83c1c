import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { cn } from '@/lib/utils';
import { COMMENT_MAX } from '../../../shared/contracts/comments';
import {
  insertMention,
  type Mentionable,
  matchingMembers,
  mentionQueryAt,
  mentionsIn,
} from './mentions';

/**
 * Where a comment is written: a text box that offers the trip's members when an "@" is typed
 * (arrow keys and Enter or Tab pick one, Escape closes the list, a click works too), and sends
 * on Enter (Shift+Enter for a new line) or its button.
 */
export function CommentComposer({
  members,
  initial = '',
  initialMentions = [],
  label,
  submitLabel,
  placeholder = 'Write a comment… (@ to mention someone)',
  maxLength = COMMENT_MAX,
  pending,
  onSubmit,
  onCancel,
}: {
  members: Mentionable[];
  initial?: string;
  initialMentions?: Mentionable[];
  label: string;
  submitLabel: string;
  /** The chat's messages are written here too, with words and a limit of their own. */
  placeholder?: string;
  maxLength?: number;
  pending: boolean;
  /** Resolves once saved: the box then empties (a failure keeps what was written). */
  onSubmit: (input: { body: string; mentions: string[] }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState<Mentionable[]>(initialMentions);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const options = query ? matchingMembers(members, query.query).slice(0, 6) : [];
  const open = options.length > 0;

  const look = (value: string, caret: number) => {
    setQuery(mentionQueryAt(value, caret));
    setActive(0);
  };

  const pick = (member: Mentionable) => {
    const caret = box.current?.selectionStart ?? text.length;
    if (!query) return;
    const next = insertMention(text, query.start, caret, member);
    setText(next.text);
    setPicked((current) => [...current.filter((m) => m.id !== member.id), member]);
    setQuery(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () => {
    const body = text.trim();
    if (!body || pending) return;
    onSubmit({ body, mentions: mentionsIn(body, picked) }).then(
      () => {
        setText('');
        setPicked([]);
      },
      () => {},
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(options[active]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list, not the dialog around it.
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Escape' && onCancel) {
      // Leaves the edit, not the dialog or panel around it.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="relative grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={box}
        value={text}
        aria-label={label}
        placeholder={placeholder}
        maxLength={maxLength}
        rows={2}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          look(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => look(text, event.currentTarget.selectionStart)}
        className={cn(
          'min-h-16 w-full rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm',
          'placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
        )}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention someone"
          className="absolute bottom-full left-0 z-10 mb-1 w-64 max-w-full rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {options.map((member, index) => (
            <div
              key={member.id}
              id={`${listId}-${index}`}
              role="option"
              // Chosen from the text box (arrows, Enter) or by a click; never focused itself.
              tabIndex={-1}
              aria-selected={index === active}
              // A click would blur the box first; the pick keeps the caret.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
              className={cn(
                'cursor-pointer rounded px-2 py-1.5 text-sm',
                index === active && 'bg-accent text-accent-foreground',
              )}
            >
              {member.name}
            </div>
          ))}
        </div>
      )}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent"
          >
            Cancel
          </button>
        )}
        <PendingButton type="submit" size="sm" pending={pending} disabled={!text.trim()}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
