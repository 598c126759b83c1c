import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PersonAvatar } from '@/features/live/PersonAvatar';
import { useThreadAsked } from '@/features/trips/tripPlace';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../../../shared/calendar';
import { type Comment, type CommentSubject, commentKey } from '../../../shared/contracts/comments';
import { presenceColour } from '../../../shared/contracts/live';
import { AuthorActions } from './AuthorActions';
import { CommentComposer } from './CommentComposer';
import { MentionText } from './MentionText';
import { useCommentCounts, useCommentMutations, useThread } from './useComments';

/**
 * An item's comments (issue #24): a small button with the count, beside the item, opening its
 * thread. `label` names the item ("Rent scooters in Ubud").
 */
export function CommentsButton({
  tripId,
  subject,
  label,
  className,
}: {
  tripId: string;
  subject: CommentSubject;
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // A notification of a mention opens the thread (issue #38).
  useThreadAsked(tripId, subject.subjectType, subject.subjectId, () => setOpen(true));
  const counts = useCommentCounts(tripId);
  const count = counts.data?.[commentKey(subject)] ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={count ? `Comments on “${label}”: ${count}` : `Comment on “${label}”`}
        title={count ? `${count} comment${count === 1 ? '' : 's'}` : 'Comment'}
        data-testid="comments-button"
        className={cn(
          'inline-flex h-6 items-center gap-1 rounded px-1 text-xs text-muted-foreground',
          'hover:bg-accent hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        <MessageSquare aria-hidden className="size-3.5" />
        {count > 0 && <span>{count}</span>}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Comments</DialogTitle>
            <DialogDescription className="break-words">{label}</DialogDescription>
          </DialogHeader>
          <Thread tripId={tripId} subject={subject} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function Thread({ tripId, subject }: { tripId: string; subject: CommentSubject }) {
  const thread = useThread(tripId, subject, true);
  const members = useTripMembers(tripId);
  const { add } = useCommentMutations(tripId, subject);
  const others = (members.data ?? []).map((member) => ({ id: member.id, name: member.name }));
  const me = members.data?.find((member) => member.isCurrentUser)?.id ?? null;

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {thread.isPending ? (
          <div className="grid place-items-center py-6">
            <Spinner className="size-5" label="Loading the comments" />
          </div>
        ) : thread.error ? (
          <div className="grid justify-items-center gap-2 py-4 text-center">
            <p role="alert" className="text-sm">
              {errorMessage(thread.error, 'The comments could not be loaded.')}
            </p>
            <RetryButton fetching={thread.isFetching} onRetry={() => void thread.refetch()}>
              Try again
            </RetryButton>
          </div>
        ) : thread.data.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">
            No comments yet. Start the conversation.
          </p>
        ) : (
          <ol className="grid gap-4" aria-label="Comments">
            {thread.data.map((item) => (
              <CommentItem
                key={item.id}
                tripId={tripId}
                subject={subject}
                item={item}
                mine={item.author.id === me}
                members={others}
              />
            ))}
          </ol>
        )}
      </div>
      <CommentComposer
        members={others}
        label="New comment"
        submitLabel="Comment"
        pending={add.isPending}
        onSubmit={(input) =>
          add.mutateAsync(input).catch((error) => {
            toast({
              variant: 'destructive',
              title: 'Could not post the comment',
              description: errorMessage(error, 'Please try again.'),
            });
            throw error;
          })
        }
      />
    </>
  );
}

function CommentItem({
  tripId,
  subject,
  item,
  mine,
  members,
}: {
  tripId: string;
  subject: CommentSubject;
  item: Comment;
  mine: boolean;
  members: { id: string; name: string }[];
}) {
  const [editing, setEditing] = useState(false);
  const { edit, remove } = useCommentMutations(tripId, subject);
  const fail = (title: string) => (error: unknown) => {
    toast({ variant: 'destructive', title, description: errorMessage(error, 'Please try again.') });
    throw error;
  };
  return (
    <li className="flex items-start gap-3" data-testid="comment">
      <PersonAvatar
        name={item.author.name}
        image={item.author.image}
        colour={presenceColour(item.author.id)}
        className="mt-0.5 size-7 shrink-0"
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{item.author.name}</span> ·{' '}
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          {item.editedAt && ' · edited'}
        </p>
        {editing ? (
          <CommentComposer
            members={members}
            initial={item.body}
            initialMentions={item.mentions}
            label="Edit comment"
            submitLabel="Save"
            pending={edit.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(input) =>
              edit
                .mutateAsync({ id: item.id, ...input })
                .then(() => setEditing(false), fail('Could not save the comment'))
            }
          />
        ) : (
          <MentionText text={item.body} mentioned={item.mentions} />
        )}
      </div>
      {mine && !editing && (
        <AuthorActions
          what="comment"
          onEdit={() => setEditing(true)}
          onDelete={() => remove.mutateAsync(item.id).catch(fail('Could not delete the comment'))}
          deleting={remove.isPending}
        />
      )}
    </li>
  );
}
