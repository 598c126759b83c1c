import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/features/auth/useAuth';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { loadWithToast } from '@/lib/toastAcrossLoad';
import { parseForm } from '@/lib/validation';
import { MESSAGES } from '../../../shared/contracts/auth';
import { twoFactorCodeBody } from '../../../shared/contracts/twofactor';
import { CODE_LENGTH, CodeInput } from './CodeInput';
import { RecoveryCodesView } from './RecoveryCodesView';
import { SetupQrStep } from './SetupDetails';
import { useConfirmTwoFactor, useSetupTwoFactor } from './useTwoFactor';

type Step = 'setup' | 'confirm' | 'codes';

const STEP_NUMBER: Record<Step, number> = { setup: 1, confirm: 2, codes: 3 };
const STEP_DESCRIPTION: Record<Step, string> = {
  setup:
    'Scan this QR code with an authenticator app such as Google Authenticator, 1Password or Authy.',
  confirm: 'Enter the 6-digit code your authenticator app shows for Tripmates.',
  codes:
    'Two-factor authentication is on. Save these recovery codes: if you lose your phone, each one signs you in once.',
};

/**
 * The profile's "Enable Two-Factor Authentication" dialog (spec §4): step `setup` asks the server
 * for a new secret and shows its QR code and key; step `confirm` takes a code from the app.
 * Back returns to setup (same secret). Once it is on, step `codes` shows the recovery codes, this
 * once (issue #35); "I have saved my codes" (or closing) reloads the page. `children` is the
 * trigger.
 */
export function TwoFactorDialog({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('setup');
  const [code, setCode] = useState('');
  const [cameBack, setCameBack] = useState(false);
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const codeRef = useRef<HTMLInputElement>(null);
  const { user } = useAuth();

  // Moving between steps replaces the focused button; put focus where the step's work is.
  useEffect(() => {
    if (step === 'confirm') codeRef.current?.focus();
  }, [step]);

  function startSetup() {
    setup.mutate(undefined, {
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(failure, 'Failed to set up 2FA'),
        }),
    });
  }

  function finish() {
    setOpen(false);
    loadWithToast({
      title: 'Success',
      description: 'Two-factor authentication has been enabled',
    });
  }

  function handleOpenChange(next: boolean) {
    // Two-factor is on once the codes are shown: however the dialog closes, the page says so.
    if (!next && step === 'codes') {
      finish();
      return;
    }
    setOpen(next);
    if (!next) return;
    // Each opening starts over with a fresh secret.
    setStep('setup');
    setCameBack(false);
    setCode('');
    confirm.reset();
    startSetup();
  }

  function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(twoFactorCodeBody, { token: code });
    if (!parsed.ok) {
      toast({ variant: 'destructive', title: 'Error', description: MESSAGES.invalidCode });
      return;
    }
    confirm.mutate(parsed.data.token, {
      onSuccess: () => setStep('codes'),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(failure, 'Failed to confirm 2FA'),
        }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent
        className="sm:max-w-md"
        // While the codes are shown, a click beside the dialog must not throw them away.
        onInteractOutside={(event) => {
          if (step === 'codes') event.preventDefault();
        }}
      >
        <DialogHeader>
          <p className="text-xs font-medium tracking-wide text-primary uppercase">
            Step {STEP_NUMBER[step]} of 3
          </p>
          <DialogTitle>Enable Two-Factor Authentication</DialogTitle>
          <DialogDescription>{STEP_DESCRIPTION[step]}</DialogDescription>
        </DialogHeader>

        {step === 'codes' && confirm.data ? (
          <RecoveryCodesView
            codes={confirm.data.recoveryCodes}
            account={{ username: user?.username ?? 'account', email: user?.email ?? null }}
            onDone={finish}
          />
        ) : step === 'setup' ? (
          <SetupStep
            setup={setup}
            onRetry={startSetup}
            onNext={() => setStep('confirm')}
            focusNext={cameBack}
          />
        ) : (
          <form noValidate onSubmit={handleConfirm} className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>Verification code</Label>
              <CodeInput
                ref={codeRef}
                id={`${id}-code`}
                name="token"
                value={code}
                onValueChange={setCode}
              />
            </div>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setCameBack(true);
                  setStep('setup');
                }}
                disabled={confirm.isPending}
              >
                Back
              </Button>
              <PendingButton
                type="submit"
                pending={confirm.isPending}
                disabled={code.length < CODE_LENGTH}
              >
                Confirm
              </PendingButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SetupStep({
  setup,
  onRetry,
  onNext,
  focusNext,
}: {
  setup: ReturnType<typeof useSetupTwoFactor>;
  onRetry: () => void;
  onNext: () => void;
  focusNext: boolean;
}) {
  const nextRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusNext) nextRef.current?.focus();
  }, [focusNext]);

  return (
    <>
      <div className="grid min-h-56 place-items-center">
        <SetupQrStep
          setup={setup}
          failedMessage={errorMessage(setup.error, 'Failed to set up 2FA')}
          onRetry={onRetry}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button ref={nextRef} type="button" disabled={!setup.data} onClick={onNext}>
          Next
        </Button>
      </DialogFooter>
    </>
  );
}
