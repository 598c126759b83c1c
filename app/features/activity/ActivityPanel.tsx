import { History, RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { RetryButton } from '@/components/RetryButton';
import { ShowMore } from '@/components/ShowMore';
import { Spinner } from '@/components/Spinner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PersonAvatar } from '@/features/live/PersonAvatar';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { type ActivityGroup, describeGroup, groupActivity } from '../../../shared/activityText';
import type { ActivityEntry } from '../../../shared/contracts/activity';
import { presenceColour } from '../../../shared/contracts/live';
import type { Trip } from '../../../shared/contracts/trips';
import { PLAN_LIMITS } from '../../../shared/plans';
import { useActivity, useRestore } from './useActivity';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** How far back the history goes: as far as the owner's plan keeps (spec §9). */
function keepsText(trip: Trip) {
  const plan = PLAN_LIMITS[trip.ownerPlan];
  return plan.activityDays === null
    ? `Everything that has happened on ${trip.name}.`
    : `What happened on ${trip.name} in the last ${plan.activityDays} days, as far back as the ${plan.name} plan keeps.`;
}

/**
 * The Trip activity panel (issue #24): what happened on the trip, newest first, by day and by
 * person, with Restore on a deleted to-do, flight or widget. A sheet from the right on a wide
 * screen, the whole screen on a phone.
 */
export function ActivityPanel({
  trip,
  open,
  onOpenChange,
}: {
  trip: Trip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={
          'top-0 right-0 left-auto flex h-dvh max-h-dvh w-full max-w-md translate-x-0 translate-y-0 flex-col gap-4 ' +
          'rounded-none border-y-0 border-r-0 p-0 sm:p-0'
        }
      >
        <DialogHeader className="border-b border-border px-5 pt-5 pb-4">
          <DialogTitle className="flex items-center gap-2">
            <History aria-hidden className="size-5" /> Trip activity
          </DialogTitle>
          <DialogDescription>{keepsText(trip)}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while the panel is (Radix), kept through its closing animation. */}
        <ActivityList tripId={trip.id} />
      </DialogContent>
    </Dialog>
  );
}

function ActivityList({ tripId }: { tripId: string }) {
  const activity = useActivity(tripId, true);
  const days = useMemo(() => groupActivity(activity.entries, new Date()), [activity.entries]);

  if (activity.isLoading) {
    return (
      <div className="grid flex-1 place-items-center">
        <Spinner className="size-6" label="Loading the trip’s activity" />
      </div>
    );
  }
  if (activity.error && activity.entries.length === 0) {
    return (
      <div className="grid flex-1 content-center justify-items-center gap-3 px-5 text-center">
        <p role="alert" className="text-sm">
          {errorMessage(activity.error, 'The trip’s activity could not be loaded.')}
        </p>
        <RetryButton fetching={false} onRetry={activity.retry}>
          Try again
        </RetryButton>
      </div>
    );
  }
  if (days.length === 0) {
    return (
      <p className="px-5 py-10 text-center text-sm text-muted-foreground">
        Nothing has happened here yet. What anyone adds, changes or removes shows up here.
      </p>
    );
  }
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-6">
      {days.map((day) => (
        <section key={day.key} aria-labelledby={`activity-day-${day.key}`} className="mb-5">
          <h3
            id={`activity-day-${day.key}`}
            className="sticky top-0 z-10 bg-card py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {day.label}
          </h3>
          <ol className="grid gap-3">
            {day.groups.map((group) => (
              <ActivityItem key={group.key} tripId={tripId} group={group} />
            ))}
          </ol>
        </section>
      ))}
      {activity.hasMore && (
        <ShowMore
          summary={`${activity.entries.length} of ${activity.total} entries`}
          pending={activity.isLoadingMore}
          onShowMore={() => void activity.loadMore()}
        />
      )}
    </div>
  );
}

function ActivityItem({ tripId, group }: { tripId: string; group: ActivityGroup }) {
  const [newest] = group.entries as [ActivityEntry];
  const restore = useRestore(tripId);
  const sentence = describeGroup(group);
  const name = group.actor?.name ?? (group.kind === 'call.ended' ? 'Call' : 'Former member');
  return (
    <li className="flex items-start gap-3" data-testid="activity-entry">
      <PersonAvatar
        name={name}
        image={group.actor?.image ?? null}
        colour={group.actor ? presenceColour(group.actor.id) : 'hsl(220 10% 45%)'}
        className="mt-0.5 size-7 shrink-0"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug break-words">{sentence}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={newest.at}>{timeFormat.format(new Date(newest.at))}</time>
          {newest.restoredAt && ' · Restored'}
        </p>
      </div>
      {newest.restorable && (
        <PendingButton
          size="sm"
          variant="outline"
          className="shrink-0"
          pending={restore.isPending}
          aria-label={`Restore: ${sentence}`}
          onClick={() =>
            restore.mutate(newest, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not restore it',
                  description: errorMessage(error, 'Please try again.'),
                }),
            })
          }
        >
          <RotateCcw aria-hidden /> Restore
        </PendingButton>
      )}
    </li>
  );
}
