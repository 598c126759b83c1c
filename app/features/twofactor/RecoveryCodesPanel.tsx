import { LifeBuoy, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { MakeRecoveryCodesDialog } from './MakeRecoveryCodesDialog';
import { recoveryCodesSummary } from './recoveryCodesMessages';
import { useTwoFactorStatus } from './useTwoFactor';

/**
 * The recovery codes of an account with two-factor on (issue #35): how many are left, amber when
 * RECOVERY_CODES_LOW or fewer (or none, for an account that turned two-factor on before they
 * existed), and "Make new codes". A card of its own on the security page (`card`), a row of the
 * profile's Security tab (`row`).
 */
export function RecoveryCodesPanel({ variant = 'row' }: { variant?: 'row' | 'card' }) {
  const id = useId();
  const status = useTwoFactorStatus();
  const left = status.data?.recoveryCodesLeft ?? 0;
  const summary = status.data ? recoveryCodesSummary(left) : null;
  const warn = summary?.warn ?? false;
  const card = variant === 'card';
  const Icon = warn ? TriangleAlert : LifeBuoy;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex flex-col gap-4 border sm:flex-row sm:items-center sm:justify-between',
        card ? 'rounded-xl p-5 shadow-sm sm:p-6' : 'rounded-lg p-4',
        warn
          ? 'border-amber-500/40 bg-amber-500/10'
          : card
            ? 'border-border bg-card text-card-foreground'
            : 'border-border',
      )}
    >
      <div
        className={cn(
          'flex min-w-0',
          // The row lines up with the two-factor row above it in the profile's Security tab.
          card ? 'items-start gap-3' : 'flex-col gap-4 sm:flex-row sm:items-center',
        )}
      >
        <span
          className={cn(
            'grid size-10 shrink-0 place-items-center',
            card ? 'rounded-xl' : 'rounded-full',
            warn
              ? 'bg-amber-500/15 text-amber-600 dark:text-amber-300'
              : 'bg-primary/15 text-primary',
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="grid gap-1">
          <h3
            id={`${id}-title`}
            className={card ? 'text-lg font-semibold leading-tight tracking-tight' : 'font-medium'}
          >
            Recovery codes
          </h3>
          {status.isPending ? (
            <Spinner className="size-4 text-muted-foreground" label="Loading your recovery codes" />
          ) : status.isError ? (
            <p className="text-sm text-muted-foreground">Could not load your recovery codes.</p>
          ) : (
            <p
              className={cn(
                'text-sm',
                warn ? 'text-amber-900 dark:text-amber-100' : 'text-muted-foreground',
              )}
            >
              {summary?.text}
            </p>
          )}
        </div>
      </div>
      {status.isError ? (
        <RetryButton fetching={status.isFetching} onRetry={() => void status.refetch()}>
          Try again
        </RetryButton>
      ) : (
        status.data && (
          <MakeRecoveryCodesDialog left={left}>
            <Button variant={warn ? 'default' : 'outline'} className="w-full shrink-0 sm:w-auto">
              {left > 0 ? 'Make new codes' : 'Make recovery codes'}
            </Button>
          </MakeRecoveryCodesDialog>
        )
      )}
    </section>
  );
}
