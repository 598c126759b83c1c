import { Cloud, FingerprintPattern, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Spinner } from '@/components/Spinner';
import { Badge } from '@/components/ui/badge';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/format';
import { parseForm } from '@/lib/validation';
import {
  PASSKEY_NAME_MAX,
  type Passkey,
  renamePasskeyBody,
} from '../../../shared/contracts/passkeys';
import { formatDate } from '../../../shared/dates';
import { browserHasPasskeys, type CeremonyFailure, describeCeremonyFailure } from './ceremony';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './usePasskeys';

/**
 * The passkeys of the signed-in person (issue #35), on the security page and the profile's
 * Security tab: add one (the browser's prompt, then a name), rename one in place, remove one
 * after a confirmation.
 */
export function PasskeysPanel() {
  const id = useId();
  const supported = browserHasPasskeys();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [outcome, setOutcome] = useState<CeremonyFailure | null>(null);
  const [naming, setNaming] = useState<Passkey | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  function handleAdd() {
    setOutcome(null);
    add.mutate(undefined, {
      onSuccess: (added) => setNaming(added),
      onError: (failure) => setOutcome(describeCeremonyFailure(failure, 'add')),
    });
  }

  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary">
            <FingerprintPattern aria-hidden className="size-5" />
          </span>
          <div className="grid gap-1.5">
            <CardTitle id={`${id}-title`}>Passkeys</CardTitle>
            <CardDescription>
              Sign in with your fingerprint, face or screen lock instead of a password, or use a
              passkey as your second step. Passkeys can't be guessed or phished.
            </CardDescription>
          </div>
        </div>
        <PendingButton
          ref={addRef}
          className="w-full sm:w-auto"
          onClick={handleAdd}
          pending={add.isPending}
          disabled={!supported}
        >
          {!add.isPending && <Plus aria-hidden />}
          Add a passkey
        </PendingButton>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!supported && (
          <p className="rounded-md border border-border bg-muted/50 px-3 py-2 text-sm">
            This browser can't use passkeys. Open Tripmates in an up-to-date browser to add one.
          </p>
        )}
        {add.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            Follow your browser's prompt to create the passkey.
          </p>
        )}
        {outcome &&
          !add.isPending &&
          (outcome.cancelled ? (
            <p role="status" className="text-sm text-muted-foreground">
              {outcome.message}
            </p>
          ) : (
            <FormError message={outcome.message} />
          ))}
        {passkeys.isPending ? (
          <div className="grid place-items-center py-6">
            <Spinner className="size-6 text-primary" label="Loading passkeys" />
          </div>
        ) : passkeys.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>Your passkeys could not be loaded.</span>
            <Button variant="outline" size="sm" onClick={() => passkeys.refetch()}>
              Try again
            </Button>
          </div>
        ) : passkeys.data.length === 0 ? (
          <div className="flex items-center gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            <KeyRound aria-hidden className="size-5 shrink-0" />
            <p>
              No passkeys yet. Add one to sign in with Face ID, Touch ID, Windows Hello, your phone
              or a security key.
            </p>
          </div>
        ) : (
          <ul
            aria-label="Your passkeys"
            className="divide-y divide-border rounded-lg border border-border"
          >
            {passkeys.data.map((item) => (
              <PasskeyRow key={item.id} passkey={item} />
            ))}
          </ul>
        )}
      </CardContent>
      <NamePasskeyDialog passkey={naming} onClose={() => setNaming(null)} returnFocusTo={addRef} />
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
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
  const id = useId();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(renamePasskeyBody, { name });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    if (parsed.data.name === passkey.name) {
      onDone();
      return;
    }
    setError(null);
    rename.mutate(
      { id: passkey.id, name: parsed.data.name },
      {
        onSuccess: () => {
          toast({ title: 'Passkey renamed', description: `It is now “${parsed.data.name}”.` });
          onDone();
        },
        onError: (failure) =>
          setError(errorMessage(failure, 'Could not rename the passkey. Please try again.')),
      },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label={`Rename ${passkey.name}`}
      className="grid min-w-0 flex-1 gap-2"
    >
      <Label htmlFor={`${id}-name`} className="sr-only">
        Passkey name
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          // The field replaces the button that asked for it: the cursor goes there.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={handleKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-9 sm:flex-1"
        />
        <div className="flex gap-2">
          <PendingButton type="submit" size="sm" className="h-9 flex-1" pending={rename.isPending}>
            Save
          </PendingButton>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-9 flex-1"
            onClick={onDone}
            disabled={rename.isPending}
          >
            Cancel
          </Button>
        </div>
      </div>
      <FormError id={`${id}-error`} message={error} />
    </form>
  );
}

function RemovePasskeyDialog({ passkey }: { passkey: Passkey }) {
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

/** After a passkey is added: a name the person will recognise, the default ready to keep. */
function NamePasskeyDialog({
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
  const id = useId();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(renamePasskeyBody, { name });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    const saved = () => {
      toast({ title: 'Passkey saved', description: `“${parsed.data.name}” is ready to use.` });
      onDone();
    };
    if (parsed.data.name === passkey.name) {
      saved();
      return;
    }
    setError(null);
    rename.mutate(
      { id: passkey.id, name: parsed.data.name },
      {
        onSuccess: saved,
        onError: (failure) =>
          setError(errorMessage(failure, 'Could not save the name. Please try again.')),
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Passkey name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <FormError id={`${id}-error`} message={error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={rename.isPending}>
            Skip
          </Button>
        </DialogClose>
        <PendingButton type="submit" pending={rename.isPending}>
          Save name
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
