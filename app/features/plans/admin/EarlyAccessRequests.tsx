import { Inbox, Loader2, Sparkles } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { PendingButton } from '@/components/PendingButton';
import { RetryButton } from '@/components/RetryButton';
import { ShowMore } from '@/components/ShowMore';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDate } from '../../../../shared/calendar';
import type { AdminEarlyAccessEntry } from '../../../../shared/contracts/plans';
import { PLAN_LIMITS } from '../../../../shared/plans';
import { useEarlyAccessRequests, useGrantEarlyAccess } from './useEarlyAccessRequests';

const planName = (plan: keyof typeof PLAN_LIMITS) => PLAN_LIMITS[plan].name;

function RequestRow({
  entry,
  pending,
  onGrant,
}: {
  entry: AdminEarlyAccessEntry;
  pending: boolean;
  onGrant: () => void;
}) {
  const whoId = useId();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div id={whoId} className="min-w-0">
        <p className="font-medium wrap-anywhere">{entry.username}</p>
        <p className="text-sm text-muted-foreground wrap-anywhere">
          {entry.email ?? 'No e-mail address'}
          {entry.email && !entry.emailConfirmed && ' (not confirmed)'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm sm:justify-end">
        <p>
          Asks for <span className="font-semibold">{planName(entry.plan)}</span>
          <span className="text-muted-foreground"> · has {planName(entry.currentPlan)}</span>
        </p>
        <time dateTime={entry.requestedAt} className="text-muted-foreground">
          {formatDate(entry.requestedAt)}
        </time>
        {entry.grantedAt ? (
          <Badge variant="success">Granted</Badge>
        ) : (
          <PendingButton size="sm" pending={pending} aria-describedby={whoId} onClick={onGrant}>
            Grant {planName(entry.plan)}
          </PendingButton>
        )}
      </div>
    </li>
  );
}

/**
 * Issue #38: granting asks first. It moves someone's account to a paid plan at once, and a
 * stray click on a long list should not.
 */
function ConfirmGrant({
  entry,
  onGrant,
  onClose,
}: {
  entry: AdminEarlyAccessEntry | null;
  onGrant: (entry: AdminEarlyAccessEntry) => void;
  onClose: () => void;
}) {
  // The last entry stays on screen while the dialog closes.
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry);
  const plan = shown ? planName(shown.plan) : '';
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Sparkles aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="min-w-0 wrap-anywhere">
              Grant {plan} to {shown?.username}?
            </span>
          </DialogTitle>
          <DialogDescription>
            {shown &&
              `Their account moves from ${planName(shown.currentPlan)} to ${plan} now, with its ` +
                'limits and features. You can change the plan again in People.'}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          pending={false}
          onClick={() => {
            if (shown) onGrant(shown);
            onClose();
          }}
        >
          Grant {plan}
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

function ListMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-14 text-center text-muted-foreground">
      {children}
    </div>
  );
}

/**
 * Issue #17: the early-access requests beside the waitlist. Granting one (once confirmed, issue
 * #38) moves the account up to the plan it asked for; the list marks it Granted.
 */
export function EarlyAccessRequests({ enabled }: { enabled: boolean }) {
  const list = useEarlyAccessRequests({ enabled });
  const { grant, pendingIds } = useGrantEarlyAccess();
  const [confirming, setConfirming] = useState<AdminEarlyAccessEntry | null>(null);

  let content: ReactNode;
  if (list.isLoading) {
    content = (
      <div role="status" className="flex items-center justify-center gap-3 px-4 py-14">
        <Loader2 aria-hidden className="size-6 animate-spin text-primary" />
        <span className="text-muted-foreground">Loading early-access requests...</span>
      </div>
    );
  } else if (list.isError && list.entries.length === 0) {
    content = (
      <ListMessage>
        <p role="alert">Could not load the early-access requests.</p>
        <RetryButton fetching={list.isRetrying} onRetry={list.retry}>
          Try again
        </RetryButton>
      </ListMessage>
    );
  } else if (list.entries.length === 0) {
    content = (
      <ListMessage>
        <Inbox aria-hidden className="size-8" />
        <p>No early-access requests yet</p>
      </ListMessage>
    );
  } else {
    content = (
      <ul className="divide-y divide-border">
        {list.entries.map((entry) => (
          <RequestRow
            key={entry.userId}
            entry={entry}
            pending={pendingIds.has(entry.userId)}
            onGrant={() => setConfirming(entry)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-5 text-foreground">
      <p className="text-sm text-muted-foreground">
        People asking for a paid plan while plans can’t be bought. Granting moves the account to the
        plan it asked for.{' '}
        <span className="text-foreground">
          Total requests: <span className="font-semibold">{list.total}</span>
        </span>
      </p>
      <section
        aria-label="Early-access requests"
        aria-busy={list.isLoading || undefined}
        className="overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      >
        {content}
      </section>
      {list.hasMore && (
        <ShowMore
          summary={`Showing ${list.entries.length} of ${list.total}`}
          pending={list.isLoadingMore}
          onShowMore={() => list.loadMore()}
        />
      )}
      <ConfirmGrant entry={confirming} onGrant={grant} onClose={() => setConfirming(null)} />
    </div>
  );
}
