import { useEffect, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';

/** How long a retry shows that it is trying, even when the answer comes back at once. */
export const RETRY_FEEDBACK_MS = 600;

const timeOf = (date: Date) =>
  date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The Try again of a failed load. Issue #17: a retry that failed again at once looked like a
 * button that does nothing. It spins while the load runs, and for at least RETRY_FEEDBACK_MS, and
 * then says when it last tried (it is only shown while the failure lasts).
 */
export function RetryButton({
  fetching,
  onRetry,
  children,
}: {
  /** Whether the load is running now. */
  fetching: boolean;
  onRetry: () => void;
  children: string;
}) {
  const [triedAt, setTriedAt] = useState<Date | null>(null);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => setHolding(false), RETRY_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [holding]);
  const pending = fetching || holding;

  return (
    <div className="flex flex-col items-center gap-1.5">
      <PendingButton
        type="button"
        size="sm"
        variant="outline"
        pending={pending}
        onClick={() => {
          setTriedAt(new Date());
          setHolding(true);
          onRetry();
        }}
      >
        {children}
      </PendingButton>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {triedAt && !pending ? `Still unavailable at ${timeOf(triedAt)}` : ''}
      </p>
    </div>
  );
}
