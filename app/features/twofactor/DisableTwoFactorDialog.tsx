import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { loadWithToast } from '@/lib/toastAcrossLoad';
import { SecondFactorField } from './SecondFactorField';
import { useSecondFactor } from './useSecondFactor';
import { useDisableTwoFactor, useVerifyTwoFactor } from './useTwoFactor';

/**
 * Turning two-factor off (spec §7): the code is checked with `/api/verify-2fa` first, then
 * `/api/disable-2fa` is called with an empty code; success reloads the page. `children` is the
 * trigger.
 */
export function DisableTwoFactorDialog({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const factor = useSecondFactor();
  const verify = useVerifyTwoFactor();
  const disable = useDisableTwoFactor();
  const pending = verify.isPending || disable.isPending;

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) factor.reset();
  }

  function fail(description: string) {
    toast({ variant: 'destructive', title: 'Error', description });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = factor.parse();
    if (!parsed.ok) {
      fail(parsed.message);
      return;
    }
    verify.mutate(parsed.data, {
      onError: (failure) => fail(errorMessage(failure, 'Verification failed')),
      onSuccess: () =>
        disable.mutate(undefined, {
          onError: (failure) => fail(errorMessage(failure, 'Failed to disable 2FA')),
          onSuccess: () => {
            setOpen(false);
            loadWithToast({
              title: 'Success',
              description: 'Two-factor authentication has been disabled',
            });
          },
        }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Disable Two-Factor Authentication</DialogTitle>
          <DialogDescription>
            Enter a code from your authenticator app, or a recovery code, to confirm. Afterwards,
            your password alone will sign you in, and your recovery codes stop working.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5">
          <SecondFactorField id={`${id}-code`} factor={factor} />
          <DialogActions variant="destructive" pending={pending} disabled={!factor.ready}>
            Disable 2FA
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
