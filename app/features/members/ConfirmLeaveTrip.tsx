import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import type { Trip } from '../../../shared/contracts/trips';
import { useLeaveTrip } from './useMembers';

/**
 * The trip settings' confirmation step for a member leaving a trip (the owner cannot leave: they
 * delete the trip instead). Once left, `onLeft` moves the dashboard on to another trip.
 */
export function ConfirmLeaveTrip({
  trip,
  onCancel,
  onLeft,
}: {
  trip: Trip;
  onCancel: () => void;
  onLeft: (tripId: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const leave = useLeaveTrip();

  function handleLeave() {
    setError(null);
    leave.mutate(trip.id, {
      onSuccess: () => {
        toast({ title: 'You left the trip', description: `You are no longer on ${trip.name}.` });
        onLeft(trip.id);
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not leave the trip. Please try again.')),
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <LogOut aria-hidden className="size-5 shrink-0 text-destructive" />
          <span className="min-w-0 break-words">Leave {trip.name}?</span>
        </DialogTitle>
        <DialogDescription>
          You will no longer see the trip, and your to-dos and flights on it are unassigned. You can
          come back only with a new invitation.
        </DialogDescription>
      </DialogHeader>
      <FormError message={error} />
      <DialogFooter>
        {/* Focus starts on the safe choice, so a stray Enter keeps the person on the trip. */}
        <Button
          type="button"
          variant="outline"
          onClick={onCancel}
          disabled={leave.isPending}
          autoFocus
        >
          Stay
        </Button>
        <PendingButton variant="destructive" pending={leave.isPending} onClick={handleLeave}>
          Leave trip
        </PendingButton>
      </DialogFooter>
    </>
  );
}
