import { Copy, RotateCcw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { formatDate } from '../../../shared/calendar';
import { useInvitationLink, useResetInvitationLink } from './useMembers';

async function copyToClipboard(text: string) {
  // No clipboard at all (an insecure origin, an old browser) fails the same way as a refusal.
  if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}

/**
 * The trip's join link (owner only): read-only, to copy and share. Reset makes a new one after a
 * confirmation, because everyone holding the old link loses it at once.
 */
export function InvitationLink({ tripId }: { tripId: string }) {
  const id = useId();
  const link = useInvitationLink(tripId, { enabled: true });
  const reset = useResetInvitationLink(tripId);
  const [confirming, setConfirming] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const resetButton = useRef<HTMLButtonElement>(null);

  async function handleCopy(url: string) {
    try {
      await copyToClipboard(url);
      toast({ title: 'Link copied', description: 'Invitation link copied to clipboard' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Could not copy the link to clipboard',
      });
    }
  }

  function handleReset() {
    setResetError(null);
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Link reset',
          description: 'The old link no longer works. Share the new one.',
        });
        resetButton.current?.focus();
      },
      onError: (failure) =>
        setResetError(errorMessage(failure, 'Could not reset the link. Please try again.')),
    });
  }

  function keepLink() {
    setConfirming(false);
    setResetError(null);
    resetButton.current?.focus();
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-link`}>Invitation link</Label>
      {link.isPending ? (
        <div className="flex h-10 items-center">
          <Spinner className="size-5 text-primary" label="Loading the invitation link" />
        </div>
      ) : link.isError ? (
        <div className="grid gap-2">
          <FormError message={errorMessage(link.error, 'Could not load the invitation link.')} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void link.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="flex gap-2">
            <Input
              id={`${id}-link`}
              readOnly
              value={link.data.url}
              onFocus={(event) => event.currentTarget.select()}
              aria-describedby={`${id}-expiry`}
              className="font-mono text-xs sm:text-xs"
            />
            <Button
              type="button"
              variant="outline"
              className="shrink-0"
              onClick={() => void handleCopy(link.data.url)}
            >
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={`${id}-expiry`} className="text-xs text-muted-foreground">
              Anyone with the link can join until {formatDate(link.data.expiresAt)}.
            </p>
            <Button
              ref={resetButton}
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={confirming}
              onClick={() => setConfirming(true)}
            >
              <RotateCcw aria-hidden />
              Reset link
            </Button>
          </div>
        </>
      )}
      {confirming && (
        <fieldset
          aria-label="Reset the invitation link"
          className="grid min-w-0 gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3"
        >
          <p className="text-sm font-medium">Reset the invitation link?</p>
          <p className="text-xs text-muted-foreground">
            The old link stops working at once; people who already joined stay on the trip.
          </p>
          <FormError message={resetError} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={keepLink}
              disabled={reset.isPending}
              autoFocus
            >
              Keep link
            </Button>
            <PendingButton
              type="button"
              variant="destructive"
              size="sm"
              pending={reset.isPending}
              onClick={handleReset}
            >
              Reset now
            </PendingButton>
          </div>
        </fieldset>
      )}
    </div>
  );
}
