import { useQueryClient } from '@tanstack/react-query';
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
import { errorCode, errorMessage } from '@/lib/apiError';
import type { Flight } from '../../../shared/contracts/flights';
import { forgetFlight } from './flightCache';
import { formatFlightTime } from './flightTime';
import { useDeleteFlight } from './useFlights';

const DELETE_FAILED = 'Could not delete the flight. Please try again.';

/** The buttons and the error, mounted only while open so each opening starts without an error. */
function DeleteFlightActions({
  tripId,
  flight,
  onDone,
}: {
  tripId: string;
  flight: Flight;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeleteFlight(tripId);
  const [error, setError] = useState<string | null>(null);

  function handleDelete() {
    setError(null);
    remove.mutate(flight.id, {
      onSuccess: onDone,
      onError: (failure) => {
        // Already gone (another member deleted it): what was asked for is done.
        if (errorCode(failure) === 'not_found') {
          forgetFlight(queryClient, tripId, flight.id);
          onDone();
          return;
        }
        setError(errorMessage(failure, DELETE_FAILED));
      },
    });
  }

  return (
    <>
      <FormError message={error} />
      <DialogActions variant="destructive" pending={remove.isPending} onClick={handleDelete}>
        Delete flight
      </DialogActions>
    </>
  );
}

/** Asks before a flight is deleted for everyone on the trip; a failure shows in the dialog. */
export function DeleteFlightDialog({
  tripId,
  flight,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  tripId: string;
  flight: Flight | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        {flight && (
          <>
            <DialogHeader>
              <DialogTitle>Delete flight {flight.flightNumber}?</DialogTitle>
              <DialogDescription>
                {flight.departureAirport} to {flight.arrivalAirport}, departing{' '}
                {formatFlightTime(flight.departureTime)}. It will be removed for everyone on the
                trip.
              </DialogDescription>
            </DialogHeader>
            <DeleteFlightActions
              tripId={tripId}
              flight={flight}
              onDone={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
