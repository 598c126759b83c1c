import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ConfirmLeaveTrip } from '@/features/members/ConfirmLeaveTrip';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { useZodForm } from '@/lib/useZodForm';
import type { Trip, UpdateTripBody } from '../../../shared/contracts/trips';
import {
  type TripForm,
  TripFormFields,
  type TripFormValues,
  tripFormValues,
  tripSettingsForm,
} from './TripFormFields';
import { useDeleteTrip, useUpdateTrip } from './useTrips';

export const OWNER_ONLY = 'Only the trip owner can change these settings.';

type SettingsForm = UseFormReturn<TripFormValues, unknown, z.output<typeof tripSettingsForm>>;

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trip to show; the dialog has nothing to show without one. */
  trip: Trip | null;
  /** The trip is gone (the dialog has closed itself): show another one, or none. */
  onDeleted?: (tripId: string) => void;
  /** Where focus goes when the dialog closes (Radix's default is the element that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Trip settings: rename the trip, change its destination or dates (`PATCH`, only what changed),
 * or delete it after a confirmation naming it. The server lets only the owner do either (403
 * otherwise), so a member sees the same settings read-only, with a line saying why.
 */
export function TripSettingsDialog({
  open,
  onOpenChange,
  trip,
  onDeleted,
  onCloseAutoFocus,
}: DialogProps) {
  // The dialog stays on the trip it was opened for (fresh data for that trip is taken in). When
  // that trip is deleted the caller moves on to another one at once; the delete step must not be
  // swapped for the next trip's settings under the user, nor the closing dialog flash its name.
  const [shown, setShown] = useState(trip);
  const [wasOpen, setWasOpen] = useState(open);
  const opening = open && !wasOpen;
  if (open !== wasOpen) setWasOpen(open);
  if (open && trip && trip !== shown && (opening || !shown || trip.id === shown.id)) {
    setShown(trip);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        {shown ? (
          <TripSettings
            key={shown.id}
            trip={shown}
            onClose={() => onOpenChange(false)}
            onDeleted={(tripId) => {
              onOpenChange(false);
              onDeleted?.(tripId);
            }}
          />
        ) : (
          <DialogHeader>
            <DialogTitle>Trip settings</DialogTitle>
            <DialogDescription>There is no trip to show.</DialogDescription>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TripSettings({
  trip,
  onClose,
  onDeleted,
}: {
  trip: Trip;
  onClose: () => void;
  onDeleted: (tripId: string) => void;
}) {
  // The edits live here, above both steps, so going back from the delete step keeps them.
  const form = useZodForm(tripSettingsForm, { defaultValues: tripFormValues(trip) });
  const [step, setStep] = useState<
    'edit' | 'confirmDelete' | 'backFromDelete' | 'confirmLeave' | 'backFromLeave'
  >('edit');

  if (trip.role !== 'owner') {
    // A member cannot change the trip, but can leave it (the trip is then gone for them).
    if (step === 'confirmLeave') {
      return (
        <ConfirmLeaveTrip
          trip={trip}
          onCancel={() => setStep('backFromLeave')}
          onLeft={onDeleted}
        />
      );
    }
    return (
      <ReadOnlySettings
        trip={trip}
        onLeave={() => setStep('confirmLeave')}
        focusLeave={step === 'backFromLeave'}
      />
    );
  }
  if (step === 'confirmDelete') {
    return (
      <ConfirmDelete trip={trip} onCancel={() => setStep('backFromDelete')} onDeleted={onDeleted} />
    );
  }
  return (
    <OwnerSettings
      trip={trip}
      form={form}
      onClose={onClose}
      onDelete={() => setStep('confirmDelete')}
      focusDelete={step === 'backFromDelete'}
    />
  );
}

/**
 * What differs from the trip, as the PATCH body: names and destinations compared trimmed, as the
 * server stores them, and an emptied destination sent as null (it removes the destination).
 */
function changesTo(trip: Trip, checked: z.output<typeof tripSettingsForm>): UpdateTripBody {
  const changes: UpdateTripBody = {};
  if (checked.name !== trip.name) changes.name = checked.name;
  if ((checked.destination ?? null) !== trip.destination) changes.destination = checked.destination;
  if (checked.startDate !== trip.startDate) changes.startDate = checked.startDate;
  if (checked.endDate !== trip.endDate) changes.endDate = checked.endDate;
  // Sent only when changed: an untouched zone keeps following the destination.
  if ((checked.timeZone ?? null) !== trip.timeZone) changes.timeZone = checked.timeZone ?? null;
  return changes;
}

function isUnchanged(trip: Trip, values: Partial<TripFormValues>) {
  const saved = tripFormValues(trip);
  return (Object.keys(saved) as (keyof TripFormValues)[]).every(
    (field) => (values[field] ?? '').trim() === saved[field],
  );
}

function OwnerSettings({
  trip,
  form,
  onClose,
  onDelete,
  focusDelete,
}: {
  trip: Trip;
  form: SettingsForm;
  onClose: () => void;
  onDelete: () => void;
  /** Back from the delete step: focus returns to the button that went there. */
  focusDelete: boolean;
}) {
  const id = useId();
  const update = useUpdateTrip();
  const unchanged = isUnchanged(trip, useWatch({ control: form.control }));
  const error = form.formState.errors.root?.server?.message;

  const handleSubmit = form.handleSubmit((checked) => {
    const changes = changesTo(trip, checked);
    if (Object.keys(changes).length === 0) {
      onClose(); // Only spaces were added: nothing to save.
      return;
    }
    update.mutate(
      { tripId: trip.id, body: changes },
      {
        onSuccess: (saved) => {
          toast({ title: 'Trip updated', description: `${saved.name} has been saved.` });
          onClose();
        },
        onError: (failure) =>
          form.setError('root.server', {
            message: errorMessage(failure, 'Could not save the trip. Please try again.'),
          }),
      },
    );
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Trip settings</DialogTitle>
        <DialogDescription>
          Rename the trip or change its destination, dates and time zone, for everyone on it.
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={update.isPending || unchanged ? (event) => event.preventDefault() : handleSubmit}
        className="grid gap-5"
        aria-label="Trip settings"
      >
        <TripFormFields id={id} form={form} withTimeZone />
        <ChooserSetting trip={trip} />
        <FormError message={error} />
        <DialogFooter className="sm:justify-between">
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={onDelete}
            disabled={update.isPending}
            autoFocus={focusDelete}
          >
            Delete trip…
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={update.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <PendingButton type="submit" pending={update.isPending} disabled={unchanged}>
              Save changes
            </PendingButton>
          </div>
        </DialogFooter>
      </form>
    </>
  );
}

/**
 * Issue #21: who marks a shortlisted flight or stay chosen — the owner, or anyone on the trip.
 * Saved as soon as it is switched, apart from the form's Save.
 */
function ChooserSetting({ trip }: { trip: Trip }) {
  const id = useId();
  const update = useUpdateTrip();
  const checked = update.isPending
    ? (update.variables.body.anyoneChooses ?? trip.anyoneChooses)
    : trip.anyoneChooses;
  return (
    <div className="flex items-start justify-between gap-3 rounded-md border border-border p-3">
      <div className="grid gap-0.5">
        <Label htmlFor={`${id}-chooses`}>Anyone can mark an option chosen</Label>
        <p id={`${id}-chooses-hint`} className="text-xs text-muted-foreground">
          On the flight and stay shortlists. Off: only you, the owner.
        </p>
      </div>
      <Switch
        id={`${id}-chooses`}
        aria-describedby={`${id}-chooses-hint`}
        checked={checked}
        disabled={update.isPending}
        onCheckedChange={(anyoneChooses) =>
          update.mutate(
            { tripId: trip.id, body: { anyoneChooses } },
            {
              onError: (failure) =>
                toast({
                  title: 'Could not change who chooses',
                  description: errorMessage(failure, 'Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </div>
  );
}

function ReadOnlySettings({
  trip,
  onLeave,
  focusLeave,
}: {
  trip: Trip;
  onLeave: () => void;
  /** Back from the leave step: focus returns to the button that went there. */
  focusLeave: boolean;
}) {
  const id = useId();
  // Nothing to check or send: the form follows the trip as fresh data arrives.
  const form: TripForm = useForm({ values: tripFormValues(trip) });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Trip settings</DialogTitle>
        <DialogDescription>{OWNER_ONLY}</DialogDescription>
      </DialogHeader>
      <TripFormFields id={id} form={form} readOnly withTimeZone />
      <DialogFooter className="sm:justify-between">
        <Button
          type="button"
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={onLeave}
          autoFocus={focusLeave}
        >
          Leave trip…
        </Button>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Close
          </Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

function ConfirmDelete({
  trip,
  onCancel,
  onDeleted,
}: {
  trip: Trip;
  onCancel: () => void;
  onDeleted: (tripId: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteTrip();

  function handleDelete() {
    setError(null);
    remove.mutate(trip.id, {
      onSuccess: () => {
        toast({ title: 'Trip deleted', description: `${trip.name} has been deleted.` });
        onDeleted(trip.id);
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not delete the trip. Please try again.')),
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
          <span className="min-w-0 break-words">Delete {trip.name}?</span>
        </DialogTitle>
        <DialogDescription>
          The trip and everything on it (widgets, to-dos and flights) will be deleted for every
          member. This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      <FormError message={error} />
      <DialogFooter>
        {/* Focus starts on the safe choice, so a stray Enter keeps the trip. */}
        <Button
          type="button"
          variant="outline"
          onClick={onCancel}
          disabled={remove.isPending}
          autoFocus
        >
          Keep trip
        </Button>
        <PendingButton variant="destructive" pending={remove.isPending} onClick={handleDelete}>
          Delete trip
        </PendingButton>
      </DialogFooter>
    </>
  );
}
