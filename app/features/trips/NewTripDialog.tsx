import { type FormEvent, useId, useState } from 'react';
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
import { createTripBody, type TripDto } from '../../../shared/contracts/trips';
import {
  checkTripForm,
  focusFirstInvalid,
  newTripValues,
  type TripField,
  type TripFieldErrors,
  TripFormFields,
} from './TripFormFields';
import { useCreateTrip } from './useTrips';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trip was made: show it (the dialog has closed itself). */
  onCreated?: (trip: TripDto) => void;
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

function NewTripForm({ onCreated }: { onCreated: (trip: TripDto) => void }) {
  const id = useId();
  const [values, setValues] = useState(() => newTripValues());
  const [fieldErrors, setFieldErrors] = useState<TripFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTrip();
  // The plan's limit: the refusal comes with the way to a bigger plan.
  const overPlan = error !== null && errorCode(create.error) === 'plan_limit';

  function handleChange(field: TripField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message at once; the others keep theirs until the next submit.
    setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return; // Enter again while the first request is on its way
    const checked = checkTripForm(createTripBody, values);
    if (!checked.ok) {
      setFieldErrors(checked.fieldErrors);
      setError(checked.message);
      focusFirstInvalid(event.currentTarget, checked.fieldErrors);
      return;
    }
    setFieldErrors({});
    setError(null);
    create.mutate(checked.data, {
      onSuccess: (trip) => {
        toast({ title: 'Trip created', description: `${trip.name} is ready to plan` });
        onCreated(trip);
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not create the trip. Please try again.')),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-label="New trip">
      <TripFormFields id={id} values={values} errors={fieldErrors} onChange={handleChange} />
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
