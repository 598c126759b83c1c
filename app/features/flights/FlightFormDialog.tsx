import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import { Field, FieldMessage } from '@/components/FormField';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { tellSaveRefusal, useFieldIds } from '@/lib/itemForm';
import { useZodForm } from '@/lib/useZodForm';
import {
  FLIGHT_NUMBER_MAX_LENGTH,
  type Flight,
  MAX_FLIGHT_STOPS,
  updateFlightBody,
} from '../../../shared/contracts/flights';
import type { Trip } from '../../../shared/contracts/trips';
import { stopsLabel } from './FlightCard';
import { type FlightFormControls, FlightLegFieldset } from './FlightLegFieldset';
import { forgetFlight } from './flightCache';
import {
  changesFrom,
  FIELD_ORDER,
  type FieldName,
  type FlightFormValues,
  flightForm,
  initialValues,
} from './flightForm';
import { useCreateFlight, useUpdateFlight } from './useFlights';

/** 0 (nonstop) to MAX_FLIGHT_STOPS. */
const STOP_CHOICES = Array.from({ length: MAX_FLIGHT_STOPS + 1 }, (_, stops) => stops);

const SAVE_FAILED = 'Could not save the flight. Please try again.';
const FLIGHT_GONE = 'This flight is no longer on the trip: someone may have deleted it.';

/**
 * The form itself, mounted only while the dialog is open, so every opening starts from the
 * flight (or from blank) again. Checked with the shared createFlightBody (flightForm).
 */
function FlightForm({
  trip,
  flight,
  onDone,
}: {
  trip: Trip;
  flight: Flight | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const members = useTripMembers(trip.id);
  const create = useCreateFlight(trip.id);
  const update = useUpdateFlight(trip.id);
  const pending = create.isPending || update.isPending;
  const form = useZodForm(flightForm, {
    defaultValues: initialValues(trip, flight),
    // Focus follows the layout (focusFirstError), which RHF's registration order does not know.
    shouldFocusError: false,
  });
  const { register, getValues, setValue, setFocus, setError } = form;
  const { errors } = form.formState;

  const { fieldId, errorId, describedBy } = useFieldIds((name: FieldName) => Boolean(errors[name]));
  const controls: FlightFormControls = { form, fieldId, errorId, describedBy };

  function followDepartureDay(day: string) {
    // On a new flight the arrival day follows the departure day until it is set apart.
    if (!flight && getValues('arrivalTime.date') === getValues('departureTime.date')) {
      setValue('arrivalTime.date', day);
    }
  }

  const travellerOptions = useMemo(() => {
    const options = (members.data ?? []).map((member) => ({
      id: member.id,
      name: member.isCurrentUser ? `${member.name} (you)` : member.name,
    }));
    // A traveller who has left the trip still shows, so the prefill is exact.
    const current = flight?.traveller;
    if (current && !options.some((option) => option.id === current.id)) options.push(current);
    return options;
  }, [members.data, flight]);

  function focusFirstError(found: FieldErrors<FlightFormValues>) {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first === 'departureTime' || first === 'arrivalTime') {
      // A time is its day and its time of day: the one missing first.
      setFocus(getValues(`${first}.date`) ? `${first}.time` : `${first}.date`);
    } else if (first) {
      setFocus(first);
    }
  }

  function fail(failure: unknown) {
    tellSaveRefusal(failure, {
      setError,
      fallback: SAVE_FAILED,
      gone: flight && (() => forgetFlight(queryClient, trip.id, flight.id)),
      goneMessage: FLIGHT_GONE,
      memberField: 'travellerId',
      refetchMembers: () => void members.refetch(),
    });
  }

  const handleSubmit = form.handleSubmit((checked) => {
    if (!flight) {
      create.mutate(checked, { onSuccess: onDone, onError: fail });
      return;
    }
    const changes = changesFrom(flight, checked);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    // The PATCH's own contract too (at least one field); the times were checked together above.
    const patch = updateFlightBody.safeParse(changes);
    if (!patch.success) {
      setError('root.server', { message: patch.error.issues[0]?.message ?? SAVE_FAILED });
      return;
    }
    update.mutate({ id: flight.id, changes: patch.data }, { onSuccess: onDone, onError: fail });
  }, focusFirstError);

  return (
    <form
      noValidate
      onSubmit={pending ? (event) => event.preventDefault() : handleSubmit}
      className="grid gap-4"
    >
      <div className="grid grid-cols-2 gap-3">
        <Field htmlFor={fieldId('flightNumber')} label="Flight number">
          <Input
            id={fieldId('flightNumber')}
            placeholder="GA 401"
            maxLength={FLIGHT_NUMBER_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase placeholder:normal-case"
            {...register('flightNumber')}
            {...describedBy('flightNumber')}
          />
          <FieldMessage id={errorId('flightNumber')} message={errors.flightNumber?.message} />
        </Field>
        <Field htmlFor={fieldId('stops')} label="Stops">
          <NativeSelect id={fieldId('stops')} {...register('stops')} {...describedBy('stops')}>
            {STOP_CHOICES.map((stops) => (
              <option key={stops} value={String(stops)}>
                {stopsLabel(stops)}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id={errorId('stops')} message={errors.stops?.message} />
        </Field>
      </div>

      <FlightLegFieldset leg="departure" controls={controls} onDateChange={followDepartureDay} />
      <FlightLegFieldset leg="arrival" controls={controls} />

      <Field htmlFor={fieldId('travellerId')} label="Traveller">
        <NativeSelect
          id={fieldId('travellerId')}
          {...register('travellerId')}
          {...describedBy('travellerId')}
        >
          <option value="">Everyone</option>
          {travellerOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={errorId('travellerId')} message={errors.travellerId?.message} />
        {members.isError && (
          <p className="text-xs text-muted-foreground">
            Could not load the trip's members; the flight can still be for everyone.
          </p>
        )}
      </Field>

      <FormError message={errors.root?.server?.message} />
      <DialogActions className="mt-1" pending={pending}>
        {flight ? 'Save changes' : 'Add flight'}
      </DialogActions>
    </form>
  );
}

/** Escape in an airport box with its list open closes the list, not the dialog. */
function keepOpenForList(event: KeyboardEvent) {
  const target = event.target;
  if (target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true') {
    event.preventDefault();
  }
}

/**
 * Adding a flight (no `flight`) or editing one, in a dialog controlled by the widget.
 * `onCloseAutoFocus` lets the widget put focus back where it was (the dialog has no trigger of
 * its own: one dialog serves every card).
 */
export function FlightFormDialog({
  trip,
  flight,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  trip: Trip;
  flight: Flight | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
        onEscapeKeyDown={keepOpenForList}
      >
        <DialogHeader>
          <DialogTitle>{flight ? `Edit flight ${flight.flightNumber}` : 'Add flight'}</DialogTitle>
          <DialogDescription>
            Choose each airport, then enter the time as it reads there: the local time on the
            ticket.
          </DialogDescription>
        </DialogHeader>
        <FlightForm trip={trip} flight={flight} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
