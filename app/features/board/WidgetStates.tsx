import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/apiError';

/** A widget body's data on its way. */
export function WidgetLoading({ label }: { label: string }) {
  return (
    <div className="grid flex-1 place-items-center p-6">
      <Spinner label={label} className="size-7 text-primary" />
    </div>
  );
}

/** A widget body's data could not be loaded: why, in people's words, and a Retry. */
export function WidgetLoadError({ title, query }: { title: string; query: UseQueryResult }) {
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <CircleAlert aria-hidden className="size-7 text-destructive" />
      <div className="grid gap-1">
        <p className="font-medium text-foreground">{title}</p>
        <p className="text-sm text-muted-foreground">
          {errorMessage(query.error, 'Please check your connection and try again.')}
        </p>
      </div>
      <RetryButton fetching={query.isFetching} onRetry={() => void query.refetch()}>
        Retry
      </RetryButton>
    </div>
  );
}
