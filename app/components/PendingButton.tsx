import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * A button for an action that talks to the server: while `pending` it is disabled, marked busy
 * for assistive technology, and shows a spinner before its (unchanged) label.
 */
export function PendingButton({
  pending = false,
  disabled,
  children,
  ...props
}: ButtonProps & { pending?: boolean }) {
  return (
    <Button disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending && <Loader2 aria-hidden className="animate-spin" data-testid="button-spinner" />}
      {children}
    </Button>
  );
}
