import { type FormEvent, type ReactNode, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import { PasswordInput } from '@/components/PasswordInput';
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
import { useFormFields } from '@/lib/useFormFields';
import { PASSWORDS_DIFFER, parseForm } from '@/lib/validation';
import { changePasswordBody, PASSWORD_MIN } from '../../../shared/contracts/account';
import { useChangePassword } from './useAccount';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The security page's Change Password dialog. `children` is the trigger. */
export function ChangePasswordDialog({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { id, values, setValues, error, setError, field } = useFormFields(EMPTY);
  const change = useChangePassword();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setValues(EMPTY);
      setError(null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(changePasswordBody, values);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    setError(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Password changed',
          description: 'Your other devices have been signed out.',
        });
        setOpen(false);
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not change your password. Please try again.')),
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Every other device signed in to your account will be signed out.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-currentPassword`}>Current password</Label>
            <PasswordInput autoComplete="current-password" {...field('currentPassword')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-newPassword`}>New password</Label>
            <PasswordInput autoComplete="new-password" {...field('newPassword')} />
            <p className="text-xs text-muted-foreground">At least {PASSWORD_MIN} characters.</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-confirmPassword`}>Confirm new password</Label>
            <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
          </div>
          <FormError id={`${id}-error`} message={error} />
          <DialogActions className="mt-1" pending={change.isPending}>
            Change Password
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
