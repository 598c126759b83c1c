import { DialogActions } from '@/components/DialogActions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * Asked before another trip opens while I am in this trip's call (issue #19): a call belongs to
 * its trip's space, so switching leaves it.
 */
export function LeaveCallDialog({
  nextTripName,
  onLeave,
  onStay,
}: {
  /** The trip to switch to; null: the dialog is closed. */
  nextTripName: string | null;
  onLeave: () => void;
  onStay: () => void;
}) {
  return (
    <Dialog open={nextTripName !== null} onOpenChange={(open) => !open && onStay()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Leave the call?</DialogTitle>
          <DialogDescription>
            You are in this trip’s audio room. Opening {nextTripName ?? 'another trip'} leaves the
            call.
          </DialogDescription>
        </DialogHeader>
        <DialogActions pending={false} variant="destructive" onClick={onLeave}>
          Leave call and switch
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
