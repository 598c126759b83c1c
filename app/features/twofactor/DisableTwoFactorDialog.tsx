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
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { loadWithToast } from '@/lib/toastAcrossLoad';
import { parseForm } from '@/lib/validation';
import { MESSAGES } from '../../../shared/contracts/auth';
import { twoFactorCodeBody } from '../../../shared/contracts/twofactor';
import { CODE_LENGTH, CodeInput } from './CodeInput';
import { useDisableTwoFactor, useVerifyTwoFactor } from './useTwoFactor';

/**
 * Turning two-factor off (spec §7): the code is checked with `/api/verify-2fa` first, then
 * `/api/disable-2fa` is called with an empty code; success reloads the page. `children` is the
 * trigger.
 */
export function DisableTwoFactorDialog({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const verify = useVerifyTwoFactor();
  const disable = useDisableTwoFactor();
  const pending = verify.isPending || disable.isPending;

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) setCode('');
  }

  function fail(description: string) {
    toast({ variant: 'destructive', title: 'Error', description });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(twoFactorCodeBody, { token: code });
    if (!parsed.ok) {
      fail(MESSAGES.invalidCode);
      return;
    }
    verify.mutate(parsed.data.token, {
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
            Enter a code from your authenticator app to confirm. Afterwards, your password alone
            will sign you in.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-code`}>Authentication code</Label>
            <CodeInput id={`${id}-code`} name="token" value={code} onValueChange={setCode} />
          </div>
          <DialogActions
            variant="destructive"
            pending={pending}
            disabled={code.length < CODE_LENGTH}
          >
            Disable 2FA
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
