import { MailCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import { PasswordInput } from '@/components/PasswordInput';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import { SecondFactorField } from '@/features/twofactor/SecondFactorField';
import { useSecondFactor } from '@/features/twofactor/useSecondFactor';
import { errorMessage } from '@/lib/apiError';
import { loadWithToast } from '@/lib/toastAcrossLoad';
import type { CurrentUser } from '../../../shared/contracts/account';
import { shownEmail } from './ProfileHeader';
import { useDeleteAccount, useRequestDeletionLink } from './useAccount';

/** Where a deleted account lands: the landing page, told why (a full navigation, state gone). */
export const DELETED_URL = '/?deleted=1';

/** Leaves for the landing page, which says the account is gone (issue #17). */
export const leaveDeleted = () =>
  loadWithToast(
    { title: 'Account deleted', description: 'Your account has been deleted.' },
    DELETED_URL,
  );

/**
 * The security page's danger zone: delete the account, with the password (and a code) — or, for
 * an account without a password (made by a magic link), through a link e-mailed to its address.
 */
export function DeleteAccountCard({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  // A new form each time the dialog opens: nothing typed last time is left in it.
  const [opened, setOpened] = useState(0);

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) setOpened((n) => n + 1);
  }

  return (
    <Card className="border-destructive/50 bg-destructive/5">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <Trash2 aria-hidden className="size-5" />
          Delete account
        </CardTitle>
        <CardDescription>
          Permanently delete your account, your sign-in history and your place in every trip. This
          cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={handleOpenChange}>
          <DialogTrigger asChild>
            <Button variant="destructive" className="w-full sm:w-auto">
              Delete account
            </Button>
          </DialogTrigger>
          <DialogContent className="sm:max-w-md">
            {user.hasPassword ? (
              <PasswordConfirmation key={opened} twoFactorEnabled={user.twoFactorEnabled} />
            ) : (
              <LinkConfirmation key={opened} email={shownEmail(user)} />
            )}
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** The dialog for an account with a password: it, and a code when two-factor is on. */
function PasswordConfirmation({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const factor = useSecondFactor();
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password');
      return;
    }
    const second = twoFactorEnabled ? factor.parse() : null;
    if (second && !second.ok) {
      setError(second.message);
      return;
    }
    setError(null);
    remove.mutate(second?.ok ? { password, token: second.data } : { password }, {
      onSuccess: leaveDeleted,
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not delete your account. Please try again.')),
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          This permanently deletes your account and everything in it. To confirm, enter your
          password
          {twoFactorEnabled ? ' and a code from your authenticator app (or a recovery code)' : ''}.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput
            id={`${id}-password`}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        {twoFactorEnabled && (
          <SecondFactorField
            id={`${id}-code`}
            factor={factor}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
        <FormError id={`${id}-error`} message={error} />
        <DialogActions className="mt-1" variant="destructive" pending={remove.isPending}>
          Delete my account
        </DialogActions>
      </form>
    </>
  );
}

/**
 * The dialog for an account without a password: a link to its address confirms (issue #16: a
 * session alone deleted such an account). The link's page, /delete-account, does the deleting.
 */
function LinkConfirmation({ email }: { email: string }) {
  const id = useId();
  const send = useRequestDeletionLink();
  if (send.isSuccess) {
    return (
      <>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MailCheck aria-hidden className="size-5 text-primary" />
            Check your inbox
          </DialogTitle>
          <DialogDescription>
            We sent a link to{' '}
            <strong className="text-foreground [overflow-wrap:anywhere]">{email}</strong>. Open it
            within an hour to delete your account.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </>
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          This permanently deletes your account and everything in it. Your account has no password,
          so we confirm by e-mail: we will send a link to{' '}
          <strong className="text-foreground [overflow-wrap:anywhere]">{email}</strong>.
        </DialogDescription>
      </DialogHeader>
      <FormError
        id={`${id}-error`}
        message={
          send.isError
            ? errorMessage(send.error, 'Could not send the link. Please try again.')
            : null
        }
      />
      <DialogActions variant="destructive" pending={send.isPending} onClick={() => send.mutate()}>
        E-mail me the link
      </DialogActions>
    </>
  );
}
