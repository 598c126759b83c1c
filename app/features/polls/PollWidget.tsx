import { Plus, Vote } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/useAuth';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import { isFirstLoad } from '@/lib/queryStates';
import { cn } from '@/lib/utils';
import { isPollClosed } from '../../../shared/contracts/polls';
import type { Trip } from '../../../shared/contracts/trips';
import { NewPollForm } from './NewPollForm';
import { PollCard } from './PollCard';
import { usePolls } from './usePolls';

export const EMPTY_POLLS = 'No polls yet. Ask the group about dates, places, anything.';

/**
 * The body of the Poll widget (issue #21): the trip's polls, newest first, live for everyone,
 * and the form to ask a new one. Wide (expanded), the polls stand in two columns.
 */
export function PollWidget({ trip, expanded }: { trip: Trip; expanded: boolean }) {
  const polls = usePolls(trip.id);
  const { user } = useAuth();
  const [asking, setAsking] = useState(false);

  let body: ReactNode;
  if (isFirstLoad(polls)) {
    body = <WidgetLoading label="Loading polls" />;
  } else if (polls.isError || polls.isPending) {
    body = <WidgetLoadError title="Could not load the polls" query={polls} />;
  } else {
    // Open polls first, each group newest first: what can still be voted on leads.
    const now = Date.now();
    const list = [...polls.data].sort(
      (a, b) => Number(isPollClosed(a, now)) - Number(isPollClosed(b, now)),
    );
    body = (
      <div className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto p-3 @2xl:p-6">
        {asking ? (
          <NewPollForm tripId={trip.id} onDone={() => setAsking(false)} />
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => setAsking(true)}
          >
            <Plus aria-hidden />
            Ask a question
          </Button>
        )}
        {list.length === 0 && !asking ? (
          <div className="flex flex-col items-center justify-center gap-2 px-2 py-6 text-center text-muted-foreground">
            <Vote aria-hidden className="size-7" />
            <p className={cn('text-sm', expanded && 'text-base')}>{EMPTY_POLLS}</p>
          </div>
        ) : (
          <ul aria-label="Polls" className="grid gap-3 @2xl:grid-cols-2">
            {list.map((poll) => (
              <li key={poll.id}>
                <PollCard
                  poll={poll}
                  tripId={trip.id}
                  userId={user?.id}
                  isOwner={trip.role === 'owner'}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div
      aria-busy={polls.isPending || undefined}
      className="@container flex min-h-0 flex-1 flex-col text-foreground"
    >
      {body}
    </div>
  );
}
