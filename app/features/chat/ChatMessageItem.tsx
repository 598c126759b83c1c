import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { AuthorActions } from '@/features/comments/AuthorActions';
import { CommentComposer } from '@/features/comments/CommentComposer';
import { MentionText } from '@/features/comments/MentionText';
import type { Mentionable } from '@/features/comments/mentions';
import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { toastFailure } from '@/hooks/useToast';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../../../shared/calendar';
import {
  CHAT_MESSAGE_MAX,
  type ChatMessage,
  chatMessageBody,
} from '../../../shared/contracts/chat';
import { useChatMutations } from './useChat';

/** The message box's hint, the panel's and an edit's alike. */
export const PLACEHOLDER = 'Write a message… (@ to mention)';

/** Escape inside `onKeyDown`'s element is handled there, and goes no further. */
export function onEscape(handle: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    handle();
  };
}

/** One message of the chat, and for its author editing and deleting it in place. */
export function MessageItem({
  tripId,
  message,
  mine,
  members,
}: {
  tripId: string;
  message: ChatMessage;
  mine: boolean;
  members: Mentionable[];
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { edit, remove } = useChatMutations(tripId);
  const reveal = useRevealItem(tripId, 'chat', message.id);

  const save = (input: { body: string; mentions: string[] }) => {
    const checked = chatMessageBody.safeParse(input);
    if (!checked.success) return Promise.reject(checked.error);
    return edit.mutateAsync({ id: message.id, ...checked.data }).then(
      () => setEditing(false),
      (error: unknown) => {
        toastFailure('Could not save the message')(error);
        throw error;
      },
    );
  };

  return (
    <li
      {...reveal}
      data-testid="chat-message"
      title={formatDateTime(message.createdAt)}
      className={cn(
        'group relative flex items-start gap-1 rounded-md px-2 py-0.5 hover:bg-accent/50 focus-within:bg-accent/50',
        REVEALED_CLASS,
      )}
    >
      <div className="min-w-0 flex-1">
        {editing ? (
          <div className="py-1">
            <CommentComposer
              members={members}
              initial={message.body}
              initialMentions={message.mentions}
              label="Edit message"
              submitLabel="Save"
              placeholder={PLACEHOLDER}
              maxLength={CHAT_MESSAGE_MAX}
              pending={edit.isPending}
              onCancel={() => setEditing(false)}
              onSubmit={save}
            />
          </div>
        ) : (
          <MentionText text={message.body} mentioned={message.mentions}>
            {message.editedAt && (
              <span
                className="ml-1.5 text-[11px] text-muted-foreground"
                title={`Edited ${formatDateTime(message.editedAt)}`}
              >
                (edited)
              </span>
            )}
          </MentionText>
        )}
        {confirming && (
          <DeleteConfirmation
            pending={remove.isPending}
            onCancel={() => setConfirming(false)}
            onDelete={() =>
              remove.mutate(message.id, {
                onError: (error) => {
                  setConfirming(false);
                  toastFailure('Could not delete the message')(error);
                },
              })
            }
          />
        )}
      </div>
      {mine && !editing && !confirming && (
        // Beside the text on a phone; on a wider screen over its corner, on hover or focus.
        <AuthorActions
          what="message"
          onEdit={() => setEditing(true)}
          onDelete={() => setConfirming(true)}
          className={cn(
            'sm:absolute sm:-top-3 sm:right-1 sm:rounded-md sm:border sm:border-border sm:bg-popover sm:shadow-sm',
            'sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
          )}
        />
      )}
    </li>
  );
}

/** Deleting is for good (nothing keeps a deleted message): asked in place, first. */
function DeleteConfirmation({
  pending,
  onCancel,
  onDelete,
}: {
  pending: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <fieldset
      onKeyDown={onEscape(onCancel)}
      className="my-1 flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-2 py-1.5"
    >
      <legend className="sr-only">Delete this message for everyone?</legend>
      <span aria-hidden className="mr-auto text-xs">
        Delete this message for everyone?
      </span>
      <Button ref={cancel} size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <PendingButton size="sm" variant="destructive" pending={pending} onClick={onDelete}>
        Delete
      </PendingButton>
    </fieldset>
  );
}
