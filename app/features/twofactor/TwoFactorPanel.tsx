import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { CURRENT_USER_KEY, useAuth } from '@/features/auth/useAuth';
import { toast } from '@/hooks/useToast';
import { TWO_FACTOR_CODE } from '../../../shared/contracts/twofactor';
import { CodeInput } from './CodeInput';
import { RecoveryCodesView } from './RecoveryCodesView';
import { SetupQrStep } from './SetupDetails';
import { useConfirmTwoFactor, useSetupTwoFactor } from './useTwoFactor';

const QR_FAILED = 'Failed to generate QR code';
const VERIFY_FAILED = 'Failed to verify code. Please try again.';

function failed(description: string) {
  toast({ variant: 'destructive', title: 'Error', description });
}

/**
 * The security page's 2FA setup panel (spec §4, §5, §8): the QR code and key come from the server;
 * the code field keeps digits only, and Verify works at exactly 6 digits and stays off after
 * success. Success refreshes the current user, so the page shows two-factor as on.
 */
export function TwoFactorPanel({ onClose }: { onClose: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const done = confirm.isSuccess;

  const generate = () => setup.mutate(undefined, { onError: () => failed(QR_FAILED) });

  // Opening the panel asks for a secret once (the ref keeps StrictMode's second run from asking
  // again), and takes keyboard focus to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the panel opens
  useEffect(() => {
    headingRef.current?.focus();
    if (started.current) return;
    started.current = true;
    generate();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (done || !TWO_FACTOR_CODE.test(code)) return;
    confirm.mutate(code, {
      onSuccess: () => {
        // spec §8: the panel's Verify says "verified"; the setup dialog's Confirm says "enabled".
        toast({
          title: 'Success',
          description: 'Two-factor authentication has been verified successfully',
        });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      },
      onError: () => failed(VERIFY_FAILED),
    });
  }

  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="relative">
      <CardHeader className="pr-14">
        <CardTitle id={`${id}-title`} ref={headingRef} tabIndex={-1} className="outline-none">
          Set up two-factor authentication
        </CardTitle>
        <CardDescription>
          {done
            ? 'Your authenticator app is set up for Tripmates. Keep these codes for the day you lose your phone.'
            : 'Scan the QR code with an authenticator app, then enter the 6-digit code it shows.'}
        </CardDescription>
      </CardHeader>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onClose}
        aria-label="Close setup"
        className="absolute top-4 right-4"
      >
        <X aria-hidden />
      </Button>
      {confirm.data ? (
        // Set up: the QR code and key have done their work and leave the screen (issue #17); the
        // recovery codes take their place, shown this once (issue #35).
        <CardContent className="grid max-w-xl gap-4">
          <output className="flex items-start gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-500" />
            <span>
              Two-factor authentication is on. You'll be asked for a code each time you sign in.
            </span>
          </output>
          <h3 className="font-medium">Save your recovery codes</h3>
          <RecoveryCodesView
            codes={confirm.data.recoveryCodes}
            account={{ username: user?.username ?? 'account', email: user?.email ?? null }}
            onDone={onClose}
          />
        </CardContent>
      ) : (
        <CardContent className="grid gap-8 md:grid-cols-2 md:items-center">
          <section aria-label="Step 1: scan" className="grid min-h-56 place-items-center">
            <SetupQrStep setup={setup} failedMessage={QR_FAILED} onRetry={generate} />
          </section>
          <form noValidate onSubmit={handleSubmit} className="grid content-center gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>Verification code</Label>
              <CodeInput
                id={`${id}-code`}
                name="token"
                digitsOnly
                value={code}
                onValueChange={setCode}
                disabled={!setup.data}
                aria-describedby={`${id}-hint`}
              />
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                The 6 digits your app shows for Tripmates. They change every 30 seconds.
              </p>
            </div>
            <PendingButton
              type="submit"
              className="w-full"
              pending={confirm.isPending}
              disabled={!TWO_FACTOR_CODE.test(code)}
            >
              Verify
            </PendingButton>
          </form>
        </CardContent>
      )}
    </Card>
  );
}
