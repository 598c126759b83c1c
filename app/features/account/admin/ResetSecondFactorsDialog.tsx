import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/apiError';
import type { AdminPerson } from '../../../../shared/contracts/account';
import { useResetSecondFactors } from './usePeople';

const passkeysWord = (n: number) => (n === 1 ? 'passkey' : 'passkeys');

/** What the reset will take from this person, in the order the dialog lists it. */
function whatGoes(person: AdminPerson): string[] {
  const lines: string[] = [];
  if (person.totp)
    lines.push('Two-factor by authenticator app is turned off, with its recovery codes.');
  if (person.passkeys > 0) {
    lines.push(
      `Their ${person.passkeys} ${passkeysWord(person.passkeys)} stop working and are removed.`,
    );
  }
  lines.push('They are signed out on every device.');
  return lines;
}

/**
 * Issue #38: an administrator's reset of someone's second factors, asked first: it cannot be
 * undone, and it signs the person out everywhere (server/features/account/people.ts says why).
 * `person` null: closed.
 */
export function ResetSecondFactorsDialog({
  person,
  onClose,
}: {
  person: AdminPerson | null;
  onClose: () => void;
}) {
  const reset = useResetSecondFactors();
  const [error, setError] = useState<string | null>(null);
  // The last person stays on screen while the dialog closes.
  const [shown, setShown] = useState(person);
  if (person && person !== shown) {
    setShown(person);
    setError(null);
  }

  function handleReset() {
    if (!shown) return;
    setError(null);
    reset.mutate(shown, {
      onSuccess: onClose,
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not reset the second factors. Please try again.')),
    });
  }

  return (
    <Dialog open={person !== null} onOpenChange={(open) => !open && !reset.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldOff aria-hidden className="size-5 shrink-0 text-destructive" />
            <span className="min-w-0 wrap-anywhere">Reset {shown?.username}'s second factors?</span>
          </DialogTitle>
          <DialogDescription>
            For someone who lost their phone or security key. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {shown && (
          <ul className="grid list-disc gap-1.5 pl-5 text-sm">
            {whatGoes(shown).map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>
              They sign in again with their password (or an e-mailed link) and can set up their
              second factors anew.
            </li>
          </ul>
        )}
        <FormError message={error} />
        <DialogActions variant="destructive" pending={reset.isPending} onClick={handleReset}>
          Reset second factors
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
