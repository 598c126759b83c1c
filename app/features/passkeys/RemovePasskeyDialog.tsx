import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { Button } from '@/components/ui/button';
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
import type { Passkey } from '../../../shared/contracts/passkeys';
import { useRemovePasskey } from './usePasskeys';

/** A row's "Remove" button and the confirmation it opens. */
export function RemovePasskeyDialog({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePasskey();

  function handleRemove() {
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Passkey removed', description: `“${passkey.name}” no longer signs in.` });
      },
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(failure, 'Could not remove the passkey. Please try again.'),
        }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden />
          Remove
          <span className="sr-only"> {passkey.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Remove “{passkey.name}”?</DialogTitle>
          <DialogDescription>
            You won't be able to sign in with this passkey any more. Your device may still list it;
            you can delete it there too.
          </DialogDescription>
        </DialogHeader>
        <DialogActions pending={remove.isPending} variant="destructive" onClick={handleRemove}>
          Remove passkey
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
