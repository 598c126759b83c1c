import { FingerprintPattern } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { toast } from '@/hooks/useToast';
import { errorCode, errorMessage } from '@/lib/apiError';
import type { CurrentUser } from '../../../shared/contracts/account';
import { browserHasPasskeys, type CeremonyFailure, describeCeremonyFailure } from './ceremony';
import { usePasskeySecondFactor, usePasskeySignIn, useSecondFactorPasskeys } from './usePasskeys';

/** A thin "or" between two ways in. */
function Or() {
  return (
    <div aria-hidden className="flex items-center gap-3 text-xs text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** How a ceremony that did not finish is told: calmly when the person closed the prompt. */
function Outcome({ outcome }: { outcome: CeremonyFailure | null }) {
  if (!outcome) return null;
  return outcome.cancelled ? (
    <p role="status" className="text-center text-sm text-muted-foreground">
      {outcome.message}
    </p>
  ) : (
    <FormError message={outcome.message} />
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
    <div className="grid gap-3">
      <Or />
      <PendingButton
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        pending={signIn.isPending}
        onClick={handleClick}
      >
        {!signIn.isPending && <FingerprintPattern aria-hidden />}
        Continue with a passkey
      </PendingButton>
      <Outcome outcome={outcome} />
    </div>
  );
}

/**
 * The second step's "Use a passkey", shown when the account waiting for it has one (issue #35).
 * A pending sign-in that expired meanwhile sends the person back to the password (`onExpired`).
 */
export function PasskeySecondStep({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (user: CurrentUser, message: string) => void;
  onExpired: () => void;
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
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(failure, 'Your sign-in has expired. Please sign in again.'),
          });
          onExpired();
        } else {
          setOutcome(describeCeremonyFailure(failure, 'sign-in'));
        }
      },
    });
  }

  return (
    <div className="grid gap-3 py-2">
      <Or />
      <PendingButton
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        pending={verify.isPending}
        onClick={handleClick}
      >
        {!verify.isPending && <FingerprintPattern aria-hidden />}
        Use a passkey
      </PendingButton>
      <Outcome outcome={outcome} />
    </div>
  );
}
