import { useId } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/useToast';
import { errorCode, errorMessage } from '@/lib/apiError';
import { Link } from '@/lib/router';
import { useZodForm } from '@/lib/useZodForm';
import type { Trip } from '../../../shared/contracts/trips';
import { newTripForm, newTripValues, TripFormFields } from './TripFormFields';
import { useCreateTrip } from './useTrips';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trip was made: show it (the dialog has closed itself). */
  onCreated?: (trip: Trip) => void;
  /** Where focus goes when the dialog closes (Radix's default is the element that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * New trip: name, destination and dates (`POST /api/trips`). Over the plan's active trips the
 * server answers 403 with a message naming the plan and its limit, shown here as it is, with a
 * link to the plans.
 */
export function NewTripDialog({ open, onOpenChange, onCreated, onCloseAutoFocus }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>New trip</DialogTitle>
          <DialogDescription>
            Name it and pick the dates; you can change them later in Trip settings.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the open dialog, so every opening starts from a fresh form. */}
        <NewTripForm
          onCreated={(trip) => {
            onOpenChange(false);
            onCreated?.(trip);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function NewTripForm({ onCreated }: { onCreated: (trip: Trip) => void }) {
  const id = useId();
  const form = useZodForm(newTripForm, { defaultValues: newTripValues() });
  const { setError } = form;
  const error = form.formState.errors.root?.server?.message;
  const create = useCreateTrip();
  // The plan's limit: the refusal comes with the way to a bigger plan.
  const overPlan = error !== undefined && errorCode(create.error) === 'plan_limit';

  const handleSubmit = form.handleSubmit((trip) =>
    create.mutate(trip, {
      onSuccess: (created) => {
        toast({ title: 'Trip created', description: `${created.name} is ready to plan` });
        onCreated(created);
      },
      onError: (failure) =>
        setError('root.server', {
          message: errorMessage(failure, 'Could not create the trip. Please try again.'),
        }),
    }),
  );

  return (
    <form
      noValidate
      // Enter again while the first request is on its way sends nothing.
      onSubmit={create.isPending ? (event) => event.preventDefault() : handleSubmit}
      className="grid gap-5"
      aria-label="New trip"
    >
      <TripFormFields id={id} form={form} />
      <FormError message={error} />
      {overPlan && (
        // Issue #17: the refusal said "upgrade your plan" and nothing showed how.
        <p className="-mt-2 text-sm">
          <Link to="/plans" className="font-medium text-primary underline-offset-4 hover:underline">
            See plans
          </Link>
        </p>
      )}
      <DialogActions pending={create.isPending}>Create trip</DialogActions>
    </form>
  );
}
