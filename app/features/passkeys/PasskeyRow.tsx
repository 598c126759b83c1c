import { Cloud, KeyRound, Pencil } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { formatDate, formatDateTime } from '../../../shared/calendar';
import type { Passkey } from '../../../shared/contracts/passkeys';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';
import { usePasskeyNameForm } from './usePasskeyNameForm';

/** One passkey in the panel's list: its name and dates, renamed in place, removed by a dialog. */
export function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [editing, setEditing] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);

  function stopEditing() {
    setEditing(false);
    // The form goes away: keyboard focus returns to the button that opened it.
    requestAnimationFrame(() => renameRef.current?.focus());
  }

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <KeyRound aria-hidden className="hidden size-5 shrink-0 text-muted-foreground sm:block" />
      {editing ? (
        <RenameForm passkey={passkey} onDone={stopEditing} />
      ) : (
        <>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <span className="break-words">{passkey.name}</span>
              {passkey.backedUp && (
                <Badge variant="secondary" title="Saved to your account and your other devices">
                  <Cloud aria-hidden />
                  Synced
                </Badge>
              )}
            </p>
            <p className="text-xs text-muted-foreground">
              Added {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt
                ? `Last used ${formatDateTime(passkey.lastUsedAt)}`
                : 'Not used yet'}
            </p>
          </div>
          <div className="flex gap-2 self-start sm:self-auto">
            <Button ref={renameRef} variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Rename
              <span className="sr-only"> {passkey.name}</span>
            </Button>
            <RemovePasskeyDialog passkey={passkey} />
          </div>
        </>
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const form = usePasskeyNameForm(passkey, {
    onSaved: (name, renamed) => {
      if (renamed) toast({ title: 'Passkey renamed', description: `It is now “${name}”.` });
      onDone();
    },
    failure: 'Could not rename the passkey. Please try again.',
  });

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit}
      aria-label={`Rename ${passkey.name}`}
      className="grid min-w-0 flex-1 gap-2"
    >
      <Label htmlFor={form.input.id} className="sr-only">
        Passkey name
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          {...form.input}
          // The field replaces the button that asked for it: the cursor goes there.
          autoFocus
          onKeyDown={handleKeyDown}
          className="h-9 sm:flex-1"
        />
        <div className="flex gap-2">
          <PendingButton type="submit" size="sm" className="h-9 flex-1" pending={form.pending}>
            Save
          </PendingButton>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-9 flex-1"
            onClick={onDone}
            disabled={form.pending}
          >
            Cancel
          </Button>
        </div>
      </div>
      <FormError id={form.errorId} message={form.error} />
    </form>
  );
}
