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
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { loadWithToast } from '@/lib/toastAcrossLoad';
import { parseForm } from '@/lib/validation';
import { MESSAGES } from '../../../shared/contracts/auth';
import { twoFactorCodeBody } from '../../../shared/contracts/twofactor';
import { CODE_LENGTH, CodeInput } from './CodeInput';
import { SetupQrStep } from './SetupDetails';
import { useConfirmTwoFactor, useSetupTwoFactor } from './useTwoFactor';

type Step = 'setup' | 'confirm';

/**
 * The profile's "Enable Two-Factor Authentication" dialog (spec §4): step `setup` asks the server
 * for a new secret and shows its QR code and key; step `confirm` takes a code from the app.
 * Back returns to setup (same secret); success reloads the page. `children` is the trigger.
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

  function handleOpenChange(next: boolean) {
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
      onSuccess: () => {
        setOpen(false);
        loadWithToast({
          title: 'Success',
          description: 'Two-factor authentication has been enabled',
        });
      },
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
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <p className="text-xs font-medium tracking-wide text-primary uppercase">
            Step {step === 'setup' ? 1 : 2} of 2
          </p>
          <DialogTitle>Enable Two-Factor Authentication</DialogTitle>
          <DialogDescription>
            {step === 'setup'
              ? 'Scan this QR code with an authenticator app such as Google Authenticator, 1Password or Authy.'
              : 'Enter the 6-digit code your authenticator app shows for Tripmates.'}
          </DialogDescription>
        </DialogHeader>

        {step === 'setup' ? (
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
