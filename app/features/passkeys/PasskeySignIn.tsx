import { FingerprintPattern } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { errorCode, errorMessage } from '@/lib/apiError';
import { cn } from '@/lib/utils';
import type { CurrentUser } from '../../../shared/contracts/account';
import { CeremonyOutcome } from './CeremonyOutcome';
import { browserHasPasskeys, type CeremonyFailure, describeCeremonyFailure } from './ceremony';
import { usePasskeySecondFactor, usePasskeySignIn, useSecondFactorPasskeys } from './usePasskeys';

/**
 * A passkey as the other way in: a thin "or", the button that opens the browser's prompt, and
 * how a prompt that did not finish ended.
 */
function PasskeyChoice({
  pending,
  onClick,
  outcome,
  className,
  children,
}: {
  pending: boolean;
  onClick: () => void;
  outcome: CeremonyFailure | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-3', className)}>
      <div aria-hidden className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <PendingButton
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        pending={pending}
        onClick={onClick}
      >
        {!pending && <FingerprintPattern aria-hidden />}
        {children}
      </PendingButton>
      <CeremonyOutcome outcome={outcome} statusClassName="text-center" />
    </div>
  );
}

/**
 * The sign-in page's "Continue with a passkey" (issue #35): no username, no password; the browser
 * offers the passkeys it holds for Tripmates. Absent in a browser without passkeys. (Its label
 * leaves "Sign In" to the password form's button.)
 */
export function PasskeySignIn({
  onSignedIn,
}: {
  onSignedIn: (user: CurrentUser, message?: string) => void;
}) {
  const signIn = usePasskeySignIn();
  const [outcome, setOutcome] = useState<CeremonyFailure | null>(null);
  if (!browserHasPasskeys()) return null;

  function handleClick() {
    setOutcome(null);
    signIn.mutate(undefined, {
      onSuccess: (result) => onSignedIn(result.user),
      onError: (failure) => setOutcome(describeCeremonyFailure(failure, 'sign-in')),
    });
  }

  return (
    <PasskeyChoice pending={signIn.isPending} onClick={handleClick} outcome={outcome}>
      Continue with a passkey
    </PasskeyChoice>
  );
}

/**
 * The second step's "Use a passkey", shown when the account waiting for it has one (issue #35).
 * A pending sign-in that expired meanwhile sends the person back to the password (`onExpired`),
 * where the message shows.
 */
export function PasskeySecondStep({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (user: CurrentUser, message: string) => void;
  /** The pending sign-in is over: back to the password, which says so (`message`). */
  onExpired: (message: string) => void;
}) {
  const supported = browserHasPasskeys();
  const available = useSecondFactorPasskeys(supported);
  const verify = usePasskeySecondFactor();
  const [outcome, setOutcome] = useState<CeremonyFailure | null>(null);
  if (!supported || !available.data?.available) return null;

  function handleClick() {
    setOutcome(null);
    verify.mutate(undefined, {
      onSuccess: (result) => onSignedIn(result.user, 'Authentication successful'),
      onError: (failure) => {
        if (errorCode(failure) === 'unauthenticated') {
          onExpired(errorMessage(failure, 'Your sign-in has expired. Please sign in again.'));
        } else {
          setOutcome(describeCeremonyFailure(failure, 'sign-in'));
        }
      },
    });
  }

  return (
    <PasskeyChoice
      pending={verify.isPending}
      onClick={handleClick}
      outcome={outcome}
      className="py-2"
    >
      Use a passkey
    </PasskeyChoice>
  );
}
