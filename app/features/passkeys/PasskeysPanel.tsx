import { FingerprintPattern, KeyRound, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Passkey } from '../../../shared/contracts/passkeys';
import { CeremonyOutcome } from './CeremonyOutcome';
import { browserHasPasskeys, type CeremonyFailure, describeCeremonyFailure } from './ceremony';
import { NamePasskeyDialog } from './NamePasskeyDialog';
import { PasskeyRow } from './PasskeyRow';
import { useAddPasskey, usePasskeys } from './usePasskeys';

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
        {!add.isPending && <CeremonyOutcome outcome={outcome} />}
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
