import { Bell, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { CountBadge } from '@/components/CountBadge';
import { PendingButton } from '@/components/PendingButton';
import { RetryButton } from '@/components/RetryButton';
import { ShowMore } from '@/components/ShowMore';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { PersonAvatar } from '@/features/live/PersonAvatar';
import type { LiveSocket } from '@/features/live/useLiveSocket';
import { timeAgo } from '@/features/search/searchText';
import { openTripPlace } from '@/features/trips/tripPlace';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { useLocation } from '@/lib/router';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../../../shared/calendar';
import { presenceColour } from '../../../shared/contracts/live';
import {
  describeNotification,
  type NotificationEntry,
  notificationPlace,
} from '../../../shared/contracts/notifications';
import {
  useLiveNotifications,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
} from './useNotifications';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** "5 minutes ago", "yesterday", and the date once it is more than a week old. */
function whenText(at: string, now: number) {
  return now - Date.parse(at) < WEEK_MS ? timeAgo(at, now) : formatDateTime(at);
}

function tellMarkFailed(error: Error) {
  toast({
    variant: 'destructive',
    title: 'Could not mark it read',
    description: errorMessage(error, 'Please try again.'),
  });
}

/**
 * The top bar's bell (issue #24): my unread count, live, and a popover listing my notifications
 * newest first. Choosing one marks it read and opens its trip with `onOpenTrip` (the dashboard's
 * trip switch, which asks first when I am in another trip's call).
 */
export function NotificationBell({
  socket,
  onOpenTrip,
}: {
  /** The dashboard's live connection: `notifications:changed` arrives on it. */
  socket: LiveSocket | null;
  onOpenTrip: (tripId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  useLiveNotifications(socket);
  const unread = useUnreadCount().data?.unread ?? 0;
  // Here, not in the panel: choosing an entry closes the panel, and a failure must still be told.
  const markRead = useMarkRead();

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          size="icon"
          variant="outline"
          className="relative size-8"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          title="Notifications"
        >
          <Bell aria-hidden />
          <CountBadge count={unread} testId="notification-badge" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        {/* Mounted only while open (Radix): the list is read afresh each time. */}
        <NotificationPanel
          unread={unread}
          markRead={markRead}
          onChoose={(entry) => {
            if (entry.readAt === null) {
              markRead.mutate({ ids: [entry.id] }, { onError: tellMarkFailed });
            }
            setOpen(false);
            // An invitation leads to its join page: the trip is not theirs yet.
            if (entry.data.path) navigate(entry.data.path);
            else if (entry.trip) {
              // What it is about opens in the trip (issue #38): the to-do, the poll, the thread.
              const place = notificationPlace(entry);
              if (place) openTripPlace(entry.trip.id, place);
              onOpenTrip(entry.trip.id);
            }
          }}
        />
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationPanel({
  unread,
  markRead,
  onChoose,
}: {
  unread: number;
  markRead: ReturnType<typeof useMarkRead>;
  onChoose: (entry: NotificationEntry) => void;
}) {
  const titleId = useId();
  const list = useNotificationList(true);
  const anyUnread = unread > 0 || list.entries.some((entry) => entry.readAt === null);

  return (
    <Popover.Content
      align="end"
      sideOffset={8}
      collisionPadding={8}
      aria-labelledby={titleId}
      className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-border bg-popover text-popover-foreground shadow-lg"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border py-2 pr-2 pl-4">
        <h2 id={titleId} className="text-sm font-semibold">
          Notifications
        </h2>
        <PendingButton
          size="sm"
          variant="ghost"
          disabled={!anyUnread}
          pending={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          onClick={() => markRead.mutate({ all: true }, { onError: tellMarkFailed })}
        >
          <CheckCheck aria-hidden /> Mark all as read
        </PendingButton>
      </div>
      {list.isLoading ? (
        <div className="grid place-items-center py-10">
          <Spinner className="size-6" label="Loading your notifications" />
        </div>
      ) : list.error && list.entries.length === 0 ? (
        <div className="grid justify-items-center gap-3 px-4 py-8 text-center">
          <p role="alert" className="text-sm">
            {errorMessage(list.error, 'Your notifications could not be loaded.')}
          </p>
          <RetryButton fetching={list.isFetching} onRetry={list.retry}>
            Try again
          </RetryButton>
        </div>
      ) : list.entries.length === 0 ? (
        <div className="grid justify-items-center gap-1 px-4 py-10 text-center">
          <p className="text-sm font-medium">You’re all caught up</p>
          <p className="text-sm text-muted-foreground">
            Mentions, to-dos given to you and invitations show up here.
          </p>
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto p-1">
          <ol aria-labelledby={titleId}>
            {list.entries.map((entry) => (
              <NotificationItem key={entry.id} entry={entry} onChoose={onChoose} />
            ))}
          </ol>
          {list.hasMore && (
            <div className="py-3">
              <ShowMore
                summary={`${list.entries.length} of ${list.total} notifications`}
                pending={list.isLoadingMore}
                onShowMore={() => void list.loadMore()}
              />
            </div>
          )}
        </div>
      )}
    </Popover.Content>
  );
}

function NotificationItem({
  entry,
  onChoose,
}: {
  entry: NotificationEntry;
  onChoose: (entry: NotificationEntry) => void;
}) {
  const unread = entry.readAt === null;
  const sentence = describeNotification(entry, {
    actor: entry.actor?.name ?? null,
    trip: entry.trip?.name ?? null,
  });
  return (
    <li data-testid="notification-entry">
      <button
        type="button"
        onClick={() => onChoose(entry)}
        className={cn(
          'flex w-full items-start gap-3 rounded-md px-3 py-2.5 text-left text-sm',
          'outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          unread && 'bg-primary/5',
        )}
      >
        <span aria-hidden className="mt-0.5 shrink-0">
          {entry.actor ? (
            <PersonAvatar
              name={entry.actor.name}
              image={entry.actor.image}
              colour={presenceColour(entry.actor.id)}
            />
          ) : (
            // A reminder from Tripmates itself, or an account deleted since.
            <span className="grid size-8 place-items-center rounded-full bg-muted text-muted-foreground">
              <Bell className="size-4" />
            </span>
          )}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('leading-snug break-words', unread && 'font-semibold')}>
            {unread && <span className="sr-only">Unread: </span>}
            {sentence}
          </span>
          <time
            dateTime={entry.createdAt}
            title={formatDateTime(entry.createdAt)}
            className="text-xs text-muted-foreground"
          >
            {whenText(entry.createdAt, Date.now())}
          </time>
        </span>
        {unread && <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-primary" />}
      </button>
    </li>
  );
}
