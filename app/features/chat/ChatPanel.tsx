import { MessagesSquare, X } from 'lucide-react';
import {
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { CommentComposer } from '@/features/comments/CommentComposer';
import type { Mentionable } from '@/features/comments/mentions';
import { PersonAvatar } from '@/features/live/PersonAvatar';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { toastFailure } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { cn } from '@/lib/utils';
import { formatDateTime, formatTimeOfDay } from '../../../shared/calendar';
import {
  CHAT_MESSAGE_MAX,
  type ChatMessage,
  chatMessageBody,
} from '../../../shared/contracts/chat';
import { presenceColour } from '../../../shared/contracts/live';
import type { Trip } from '../../../shared/contracts/trips';
import { MessageItem, onEscape, PLACEHOLDER } from './ChatMessageItem';
import { groupMessages, type MessageRun } from './messageGroups';
import { useChatMessages, useChatMutations } from './useChat';

// Scrolled this close to the end, the view follows new messages; this close to the top, older
// ones are read.
const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 120;

/**
 * The trip's chat (issue #38): a panel on the right beside the board, which stays usable (and
 * during a call), the whole screen on a phone. Messages by day and by person, newest at the
 * bottom, older ones read on scrolling up; one's own can be edited in place and deleted.
 * Opening it, and each message that comes while it is open, is reading it. Escape closes it.
 */
export function ChatPanel({
  trip,
  myUserId,
  onClose,
}: {
  trip: Trip;
  myUserId: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  // Opened to write: the focus goes to the text box.
  useEffect(() => {
    panel.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }, []);

  return (
    <aside
      ref={panel}
      aria-labelledby={titleId}
      data-testid="chat-panel"
      onKeyDown={onEscape(onClose)}
      className={cn(
        'fixed inset-0 z-50 flex flex-col bg-background text-foreground',
        'sm:relative sm:inset-auto sm:z-10 sm:w-80 sm:shrink-0 sm:border-l sm:border-white/10 sm:bg-background/90 sm:backdrop-blur-md lg:w-96',
      )}
    >
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-border pr-2 pl-4">
        <MessagesSquare aria-hidden className="size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm leading-tight font-semibold">
            Trip chat
          </h2>
          <p className="truncate text-xs text-muted-foreground">{trip.name}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Close the chat"
          title="Close (Esc)"
          onClick={onClose}
        >
          <X aria-hidden />
        </Button>
      </div>
      <Conversation key={trip.id} tripId={trip.id} myUserId={myUserId} />
    </aside>
  );
}

function Conversation({ tripId, myUserId }: { tripId: string; myUserId: string }) {
  const chat = useChatMessages(tripId);
  const members = useTripMembers(tripId);
  const { send, markRead } = useChatMutations(tripId);
  const [problem, setProblem] = useState<string | null>(null);
  // Anyone else on the trip can be mentioned.
  const others = useMemo(
    () =>
      (members.data ?? [])
        .filter((member) => member.id !== myUserId)
        .map((member) => ({ id: member.id, name: member.name })),
    [members.data, myUserId],
  );

  const newestId = chat.messages.at(-1)?.id;
  const markedUpTo = useRef<string | null>(null);
  const mark = markRead.mutate;
  useEffect(() => {
    if (!newestId || markedUpTo.current === newestId) return;
    markedUpTo.current = newestId;
    mark(newestId);
  }, [newestId, mark]);

  const submit = (input: { body: string; mentions: string[] }) => {
    const checked = chatMessageBody.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'This message cannot be sent.');
      return Promise.reject(checked.error);
    }
    setProblem(null);
    return send.mutateAsync(checked.data).catch((error: unknown) => {
      toastFailure('Could not send the message')(error);
      throw error;
    });
  };

  return (
    <>
      <MessageList tripId={tripId} myUserId={myUserId} chat={chat} members={others} />
      <div className="shrink-0 border-t border-border p-3">
        <CommentComposer
          members={others}
          label="Message"
          submitLabel="Send"
          placeholder={PLACEHOLDER}
          maxLength={CHAT_MESSAGE_MAX}
          pending={send.isPending}
          onSubmit={submit}
        />
        <FormError message={problem} className="mt-2" />
      </div>
    </>
  );
}

function MessageList({
  tripId,
  myUserId,
  chat,
  members,
}: {
  tripId: string;
  myUserId: string;
  chat: ReturnType<typeof useChatMessages>;
  members: Mentionable[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  // While older messages load: how far from the bottom the view was, to stay on what it showed.
  const fromBottom = useRef<number | null>(null);
  const { messages, hasOlder, isLoadingOlder, loadOlder, query } = chat;
  const days = useMemo(() => groupMessages(messages, new Date()), [messages]);
  const newest = messages.at(-1);
  const oldestId = messages[0]?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages come in
  useLayoutEffect(() => {
    const view = box.current;
    if (view && fromBottom.current !== null) {
      view.scrollTop = view.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [oldestId]);

  // A new message is shown when the view was at the end, or when it is my own.
  const newestId = newest?.id;
  const newestMine = newest?.author.id === myUserId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a newest message comes in
  useLayoutEffect(() => {
    const view = box.current;
    if (view && (nearBottom.current || newestMine)) view.scrollTop = view.scrollHeight;
  }, [newestId, newestMine]);

  const readOlder = () => {
    const view = box.current;
    if (!view || !hasOlder || isLoadingOlder) return;
    fromBottom.current = view.scrollHeight - view.scrollTop;
    void loadOlder();
  };

  const onScroll = () => {
    const view = box.current;
    if (!view) return;
    nearBottom.current = view.scrollHeight - view.scrollTop - view.clientHeight < NEAR_BOTTOM_PX;
    if (view.scrollTop < NEAR_TOP_PX) readOlder();
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="grid h-full place-items-center">
        <Spinner className="size-6" label="Loading the chat" />
      </div>
    );
  } else if (query.error && messages.length === 0) {
    body = (
      <div className="grid h-full content-center justify-items-center gap-3 px-2 text-center">
        <p role="alert" className="text-sm">
          {errorMessage(query.error, 'The chat could not be loaded.')}
        </p>
        <RetryButton fetching={query.isFetching} onRetry={() => void query.refetch()}>
          Try again
        </RetryButton>
      </div>
    );
  } else if (messages.length === 0) {
    body = (
      <div className="grid h-full content-center justify-items-center gap-2 px-4 text-center">
        <MessagesSquare aria-hidden className="size-8 text-muted-foreground" />
        <p className="text-sm font-medium">No messages yet</p>
        <p className="text-sm text-muted-foreground">
          Say hello: everyone on the trip can read and write here. Type @ to mention someone.
        </p>
      </div>
    );
  }

  return (
    <div ref={box} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-2 py-3">
      {body ?? (
        <>
          {hasOlder && (
            <div className="flex justify-center pb-2">
              <PendingButton size="sm" variant="ghost" pending={isLoadingOlder} onClick={readOlder}>
                Show older messages
              </PendingButton>
            </div>
          )}
          <div role="log" aria-label="Messages" className="grid gap-3">
            {days.map((day) => (
              <section key={day.key} aria-label={day.label} className="grid gap-3">
                <h3 className="sticky top-0 z-10 mx-auto rounded-full bg-muted px-3 py-0.5 text-xs font-medium text-muted-foreground">
                  {day.label}
                </h3>
                {day.runs.map((run) => (
                  <Run
                    key={run.key}
                    run={run}
                    tripId={tripId}
                    mine={run.author.id === myUserId}
                    members={members}
                  />
                ))}
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** One person's messages in a row: their face and name once, then each message. */
function Run({
  run,
  tripId,
  mine,
  members,
}: {
  run: MessageRun;
  tripId: string;
  mine: boolean;
  members: Mentionable[];
}) {
  const [first] = run.messages as [ChatMessage];
  return (
    <div className="flex items-start gap-2">
      <PersonAvatar
        name={run.author.name}
        image={run.author.image}
        colour={presenceColour(run.author.id)}
        className="mt-0.5 size-8 shrink-0"
      />
      <div className="min-w-0 flex-1">
        <p className="px-2 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{mine ? 'You' : run.author.name}</span> ·{' '}
          <time dateTime={first.createdAt} title={formatDateTime(first.createdAt)}>
            {formatTimeOfDay(first.createdAt)}
          </time>
        </p>
        <ul className="grid">
          {run.messages.map((message) => (
            <MessageItem
              key={message.id}
              tripId={tripId}
              message={message}
              mine={mine}
              members={members}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
