import { FormError } from '@/components/FormError';
import { cn } from '@/lib/utils';
import type { CeremonyFailure } from './ceremony';

/**
 * How a passkey prompt that did not finish is told: calmly when the person closed it, as an error
 * otherwise. `statusClassName` styles the calm one.
 */
export function CeremonyOutcome({
  outcome,
  statusClassName,
}: {
  outcome: CeremonyFailure | null;
  statusClassName?: string;
}) {
  if (!outcome) return null;
  return outcome.cancelled ? (
    <p role="status" className={cn('text-sm text-muted-foreground', statusClassName)}>
      {outcome.message}
    </p>
  ) : (
    <FormError message={outcome.message} />
  );
}
