import { TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useAuth } from '@/features/auth/useAuth';
import { errorMessage } from '@/lib/apiError';
import { RecoveryCodesView } from './RecoveryCodesView';
import { SecondFactorField } from './SecondFactorField';
import { useSecondFactor } from './useSecondFactor';
import { useMakeRecoveryCodes } from './useTwoFactor';

/**
 * "Make new codes" (issue #35): a current code first — from the app, or a recovery code when the
 * phone is what was lost — then the new codes, shown once. The old ones stop working then.
 * `left` is how many the account has now (0: it has none yet). `children` is the trigger.
 */
export function MakeRecoveryCodesDialog({ left, children }: { left: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // A new form each time the dialog opens: nothing typed, and no codes, from last time.
  const [opened, setOpened] = useState(0);
  const [showingCodes, setShowingCodes] = useState(false);

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setOpened((n) => n + 1);
      setShowingCodes(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent
        className="sm:max-w-md"
        // While the codes are shown, a click beside the dialog must not throw them away.
        onInteractOutside={(event) => {
          if (showingCodes) event.preventDefault();
        }}
      >
        <MakeCodesForm
          key={opened}
          left={left}
          onCodesShown={() => setShowingCodes(true)}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function MakeCodesForm({
  left,
  onCodesShown,
  onDone,
}: {
  left: number;
  onCodesShown: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const factor = useSecondFactor();
  const [error, setError] = useState<string | null>(null);
  const make = useMakeRecoveryCodes();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = factor.parse();
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    make.mutate(parsed.data, {
      onSuccess: onCodesShown,
      onError: (failure) => {
        factor.setCode('');
        setError(errorMessage(failure, 'Could not make new codes. Please try again.'));
      },
    });
  }

  if (make.data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Your new recovery codes</DialogTitle>
          <DialogDescription>
            Your old codes no longer work. Save these before you close this window.
          </DialogDescription>
        </DialogHeader>
        <RecoveryCodesView
          codes={make.data.recoveryCodes}
          account={{ username: user?.username ?? 'account', email: user?.email ?? null }}
          onDone={onDone}
        />
      </>
    );
  }

  const errorId = `${id}-error`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{left > 0 ? 'Make new recovery codes' : 'Make recovery codes'}</DialogTitle>
        <DialogDescription>
          Enter a code from your authenticator app to confirm it's you. You'll get ten codes, each
          good for one sign-in if you lose your phone.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        {left > 0 && (
          <p className="flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100">
            <TriangleAlert
              aria-hidden
              className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300"
            />
            <span>
              Your {left === 1 ? 'last code' : `${left} codes`} left will stop working as soon as
              the new ones are made.
            </span>
          </p>
        )}
        <SecondFactorField
          id={`${id}-code`}
          factor={factor}
          autoFocus
          describedBy={error ? errorId : undefined}
        />
        <FormError id={errorId} message={error} />
        <DialogActions pending={make.isPending} disabled={!factor.ready}>
          {left > 0 ? 'Make new codes' : 'Make codes'}
        </DialogActions>
      </form>
    </>
  );
}
