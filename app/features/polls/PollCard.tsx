import { Lock, LockOpen, Trash2, Trophy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { cn } from '@/lib/utils';
import { isPollClosed, type Poll, pollLeaders } from '../../../shared/contracts/polls';
import { canChangeItem } from '../../../shared/itemPolicy';
import { listNames } from '../../../shared/text';
import { pollOutcome, pollStatus, votersLabel } from './pollText';
import { useClosePoll, useDeletePoll, useVote } from './usePolls';

// setTimeout takes at most 2^31 - 1 ms (about 24 days); a later deadline is looked at again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The clock, read again when the poll's deadline passes, so it closes on screen by itself. */
function useNowUntil(deadline: string | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!deadline) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      const left = Date.parse(deadline) - Date.now();
      if (left <= 0) setNow(Date.now());
      else timer = setTimeout(wait, Math.min(left + 50, MAX_TIMER_MS));
    };
    wait();
    return () => clearTimeout(timer);
  }, [deadline]);
  return now;
}

/**
 * One poll: its question, who asked, when it closes; the options as radio buttons (or check
 * boxes when several choices are allowed), each with its votes and, unless names are hidden,
 * who chose it. A choice is saved as it is made. Once closed it shows the winner.
 */
export function PollCard({
  poll,
  tripId,
  userId,
  isOwner,
}: {
  poll: Poll;
  tripId: string;
  userId: string | undefined;
  isOwner: boolean;
}) {
  const headingId = useId();
  const vote = useVote(tripId);
  const close = useClosePoll(tripId);
  const remove = useDeletePoll(tripId);
  const now = useNowUntil(poll.closedAt ? null : poll.closesAt);
  const closed = isPollClosed(poll, now);
  const canManage = canChangeItem(
    { creatorId: poll.createdBy?.id },
    userId ? { userId, role: isOwner ? 'owner' : 'member' } : null,
  );
  // A choice shows at once (set in the click, or a controlled input would flick back until the
  // mutation's state arrives); the counts follow with the server's answer, or it goes back.
  const [picked, setPicked] = useState<string[] | null>(null);
  // What is asked before it happens (issue #38: one click closed a poll for good).
  const [confirming, setConfirming] = useState<'delete' | 'close' | null>(null);
  const chosen = new Set(picked ?? poll.myVotes);
  const leaders = new Set(pollLeaders(poll.options).map((option) => option.id));
  const reveal = useRevealItem(tripId, 'poll', poll.id);

  function choose(optionId: string, on: boolean) {
    const next = poll.multiple
      ? poll.options
          .map((option) => option.id)
          .filter((id) => (id === optionId ? on : chosen.has(id)))
      : [optionId];
    send(next);
  }

  function send(optionIds: string[]) {
    setPicked(optionIds);
    vote.mutate({ poll, optionIds }, { onSettled: () => setPicked(null) });
  }

  return (
    <article
      {...reveal}
      aria-labelledby={headingId}
      data-poll-closed={closed || undefined}
      className={cn(
        'grid gap-2 rounded-lg border border-border bg-background/60 p-3',
        REVEALED_CLASS,
      )}
    >
      <div className="flex items-start gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 font-medium break-words text-foreground">
          {poll.question}
        </h3>
        <CommentsButton
          tripId={tripId}
          subject={{ subjectType: 'poll', subjectId: poll.id }}
          label={poll.question}
          className="h-7"
        />
        {canManage && !closed && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            aria-expanded={confirming === 'close'}
            onClick={() => setConfirming('close')}
          >
            <Lock aria-hidden />
            Close poll
          </Button>
        )}
        {canManage && closed && (
          <PendingButton
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            pending={close.isPending}
            onClick={() => close.mutate({ poll, closed: false })}
          >
            <LockOpen aria-hidden />
            Reopen
          </PendingButton>
        )}
        {canManage && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Delete poll: ${poll.question}`}
            aria-expanded={confirming === 'delete'}
            onClick={() => setConfirming('delete')}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {poll.createdBy ? `Asked by ${poll.createdBy.name} · ` : ''}
        {pollStatus(poll, now)}
        {' · '}
        {poll.multiple ? 'Several choices' : 'One choice'}
        {poll.hideVoters ? ' · Names hidden' : ''}
      </p>
      {confirming === 'close' && !closed && (
        <InlineConfirm
          question="Close this poll?"
          text="Close the poll? No one can vote then; you can open it again."
          keep="Keep open"
          confirm="Close poll"
          pending={close.isPending}
          onKeep={() => setConfirming(null)}
          onConfirm={() =>
            close.mutate({ poll, closed: true }, { onSettled: () => setConfirming(null) })
          }
        />
      )}
      {confirming === 'delete' && (
        <InlineConfirm
          question="Delete this poll?"
          text="Delete this poll and its votes for everyone?"
          keep="Keep"
          confirm="Delete"
          destructive
          pending={remove.isPending}
          onKeep={() => setConfirming(null)}
          onConfirm={() => remove.mutate(poll, { onError: () => setConfirming(null) })}
        />
      )}
      <fieldset disabled={closed} className="grid gap-1.5">
        <legend className="sr-only">{poll.question}</legend>
        {poll.options.map((option) => {
          const share = poll.voterCount ? (option.votes / poll.voterCount) * 100 : 0;
          const leading = leaders.has(option.id);
          const optionId = `${headingId}-${option.id}`;
          return (
            <label
              key={option.id}
              data-poll-option={option.text}
              data-leading={leading || undefined}
              className={cn(
                'relative grid cursor-pointer gap-0.5 overflow-hidden rounded-md border border-border px-2.5 py-1.5',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50',
                closed && 'cursor-default',
                leading && 'border-primary/60',
              )}
            >
              <span
                aria-hidden
                className="absolute inset-y-0 left-0 bg-primary/15 transition-[width]"
                style={{ width: `${share}%` }}
              />
              <span className="relative flex items-center gap-2 text-sm">
                {/* Named by the option alone; its votes and voters are its description. */}
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`poll-${poll.id}`}
                  checked={chosen.has(option.id)}
                  onChange={(event) => choose(option.id, event.target.checked)}
                  aria-labelledby={`${optionId}-text`}
                  aria-describedby={`${optionId}-votes`}
                  className="size-4 shrink-0 accent-primary"
                />
                <span
                  id={`${optionId}-text`}
                  className="min-w-0 flex-1 break-words text-foreground"
                >
                  {option.text}
                </span>
                {closed && leading && leaders.size === 1 && (
                  <Trophy aria-label="Winner" className="size-4 text-primary" />
                )}
              </span>
              <span
                id={`${optionId}-votes`}
                className="relative flex flex-wrap justify-between gap-x-2 pl-6 text-xs text-muted-foreground"
              >
                <span>
                  {option.voters && option.voters.length > 0
                    ? listNames(option.voters.map((voter) => voter.name))
                    : ''}
                </span>
                <span className="tabular-nums">
                  {option.votes} {option.votes === 1 ? 'vote' : 'votes'}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <p
          role="status"
          className={cn('text-muted-foreground', closed && 'font-medium text-foreground')}
        >
          {pollOutcome(poll, closed)} · {votersLabel(poll.voterCount)}
        </p>
        {!closed && chosen.size > 0 && (
          <button
            type="button"
            className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
            onClick={() => send([])}
          >
            Take back my vote
          </button>
        )}
      </div>
    </article>
  );
}

/** A question asked in place, under the poll's header, before it is closed or deleted. */
function InlineConfirm({
  question,
  text,
  keep,
  confirm,
  destructive = false,
  pending,
  onKeep,
  onConfirm,
}: {
  question: string;
  text: string;
  keep: string;
  confirm: string;
  destructive?: boolean;
  pending: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <fieldset
      aria-label={question}
      className={cn(
        'flex flex-wrap items-center justify-end gap-2 rounded-md border px-2.5 py-2 text-sm',
        destructive ? 'border-destructive/40 bg-destructive/10' : 'border-border bg-muted/60',
      )}
    >
      <p className="w-full">{text}</p>
      <Button type="button" variant="ghost" size="sm" className="h-7" autoFocus onClick={onKeep}>
        {keep}
      </Button>
      <PendingButton
        type="button"
        variant={destructive ? 'destructive' : 'default'}
        size="sm"
        className="h-7"
        pending={pending}
        onClick={onConfirm}
      >
        {confirm}
      </PendingButton>
    </fieldset>
  );
}
