import { ShieldCheck } from 'lucide-react';
import { type FormEvent, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { PasskeySecondStep } from '@/features/passkeys/PasskeySignIn';
import { recoveryCodesLeftMessage } from '@/features/twofactor/recoveryCodesMessages';
import { SecondFactorField } from '@/features/twofactor/SecondFactorField';
import { useSecondFactor } from '@/features/twofactor/useSecondFactor';
import { useVerifyTwoFactor } from '@/features/twofactor/useTwoFactor';
import { errorCode, errorMessage } from '@/lib/apiError';
import type { CurrentUser } from '../../../shared/contracts/account';

// Answers that end the pending sign-in — too many wrong codes (for it, or for the whole account),
// or it expired: the person starts again from the password.
const SIGN_IN_OVER: (string | null)[] = [
  'too_many_wrong_codes',
  'account_locked',
  'unauthenticated',
];

/**
 * The second step of signing in when two-factor is on (spec §4 Login, §5, §8). Issue #38: what is
 * wrong with a code shows under its field, not in a toast, and goes once the person edits it; an
 * answer that ends the sign-in goes back to the password with its message (`onCancel`).
 */
export function TwoFactorStep({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: (user: CurrentUser, message: string) => void;
  /** Back to the password: by choice, or with why the sign-in is over. */
  onCancel: (message?: string) => void;
}) {
  const id = useId();
  // Issue #35: a recovery code in place of the app's, when the phone is lost.
  const secondFactor = useSecondFactor();
  const verify = useVerifyTwoFactor();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // What the person types (or a switch to the other kind of code) takes the message away.
  const factor = {
    ...secondFactor,
    setCode: (value: SetStateAction<string>) => {
      setError(null);
      secondFactor.setCode(value);
    },
  };

  // The step replaces the password form: put the cursor where the code goes.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = factor.parse();
    if (!parsed.ok) {
      setError(parsed.message);
      inputRef.current?.focus();
      return;
    }
    verify.mutate(parsed.data, {
      onSuccess: (result) =>
        onSignedIn(
          result.user,
          result.recoveryCodesLeft === undefined
            ? 'Authentication successful'
            : recoveryCodesLeftMessage(result.recoveryCodesLeft),
        ),
      onError: (failure) => {
        const message = errorMessage(failure, 'Verification failed');
        if (SIGN_IN_OVER.includes(errorCode(failure))) return onCancel(message);
        // A used or wrong code is no use again: an empty field, the cursor in it.
        secondFactor.setCode('');
        setError(message);
        inputRef.current?.focus();
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-labelledby={`${id}-title`}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/15 text-primary">
          <ShieldCheck aria-hidden className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="font-semibold leading-tight">
            Two-factor authentication
          </h2>
          <p className="text-sm text-muted-foreground">
            {factor.mode === 'app'
              ? 'Enter the 6-digit code from your authenticator app to finish signing in.'
              : 'Lost your phone? Enter one of the recovery codes you saved. Each one works once.'}
          </p>
        </div>
      </div>
      <SecondFactorField id={`${id}-code`} factor={factor} inputRef={inputRef} error={error} />
      <div className="grid gap-2">
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={verify.isPending}
          disabled={!factor.ready}
        >
          Verify
        </PendingButton>
        <PasskeySecondStep onSignedIn={onSignedIn} onExpired={onCancel} />
        <Button
          type="button"
          variant="ghost"
          onClick={() => onCancel()}
          disabled={verify.isPending}
        >
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
