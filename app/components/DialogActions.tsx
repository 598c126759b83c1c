import type { ReactNode } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button, type ButtonProps } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';

/**
 * A dialog's two buttons: Cancel, which closes it, and its action, which submits the dialog's
 * form (or runs `onClick`) and shows a spinner while `pending`. Both wait while it is pending,
 * so a second click cannot send it twice or close the dialog under it.
 */
export function DialogActions({
  pending,
  children,
  variant,
  disabled,
  onClick,
  className,
}: {
  pending: boolean;
  /** The action's label. */
  children: ReactNode;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  /** Without it the action submits the form the dialog's fields are in. */
  onClick?: () => void;
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <PendingButton
        type={onClick ? 'button' : 'submit'}
        variant={variant}
        pending={pending}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </PendingButton>
    </DialogFooter>
  );
}
