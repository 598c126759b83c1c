import type { RefObject } from 'react';
import { FormError } from '@/components/FormError';
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
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import type { Passkey } from '../../../shared/contracts/passkeys';
import { usePasskeyNameForm } from './usePasskeyNameForm';

/** After a passkey is added: a name the person will recognise, the default ready to keep. */
export function NamePasskeyDialog({
  passkey,
  onClose,
  returnFocusTo,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  /** The dialog opens by itself, not from a trigger: where keyboard focus goes after it. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Passkey added</DialogTitle>
          <DialogDescription>
            You can sign in with it now. Give it a name you'll recognise, like the device or the
            password manager it's saved in.
          </DialogDescription>
        </DialogHeader>
        {passkey && <NameForm key={passkey.id} passkey={passkey} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const form = usePasskeyNameForm(passkey, {
    // Keeping the default name is saving it too.
    onSaved: (name) => {
      toast({ title: 'Passkey saved', description: `“${name}” is ready to use.` });
      onDone();
    },
    failure: 'Could not save the name. Please try again.',
  });

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={form.input.id}>Passkey name</Label>
        <Input {...form.input} />
      </div>
      <FormError id={form.errorId} message={form.error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={form.pending}>
            Skip
          </Button>
        </DialogClose>
        <PendingButton type="submit" pending={form.pending}>
          Save name
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
