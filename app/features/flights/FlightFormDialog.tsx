import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { errorCode, errorMessage } from '@/lib/apiError';
import {
  FLIGHT_NUMBER_MAX_LENGTH,
  type FlightDto,
  MAX_FLIGHT_STOPS,
  updateFlightBody,
} from '../../../shared/contracts/flights';
import type { TripDto } from '../../../shared/contracts/trips';
import { stopsLabel } from './FlightCard';
import {
  Field,
  FieldMessage,
  type FlightFormControls,
  FlightLegFieldset,
} from './FlightLegFieldset';
import { forgetFlight } from './flightCache';
import {
  changesFrom,
  FIELD_ORDER,
  type FieldErrors,
  type FieldName,
  type FormValues,
  initialValues,
  validate,
} from './flightForm';
import { utcOffsetOptions } from './flightTime';
import { NativeSelect } from './NativeSelect';
import { useCreateFlight, useUpdateFlight } from './useFlights';

/** 0 (nonstop) to MAX_FLIGHT_STOPS. */
const STOP_CHOICES = Array.from({ length: MAX_FLIGHT_STOPS + 1 }, (_, stops) => stops);

const SAVE_FAILED = 'Could not save the flight. Please try again.';
const FLIGHT_GONE = 'This flight is no longer on the trip: someone may have deleted it.';

/**
 * The form itself, mounted only while the dialog is open, so every opening starts from the
 * flight (or from blank) again. Validation is the shared createFlightBody on the whole form,
 * for an edit too: a PATCH sends only the changed fields, but the times are checked together.
 */
function FlightForm({
  trip,
  flight,
  onDone,
}: {
  trip: TripDto;
  flight: FlightDto | null;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const members = useTripMembers(trip.id);
  const create = useCreateFlight(trip.id);
  const update = useUpdateFlight(trip.id);
  const pending = create.isPending || update.isPending;
  const [values, setValues] = useState(() => initialValues(trip, flight));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The usual offsets, plus the prefilled ones even if unusual, fixed for this opening.
  const [offsets] = useState(() => utcOffsetOptions(values.departureOffset, values.arrivalOffset));

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const describedBy = (name: FieldName) => ({
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
  });

  function set(name: keyof FormValues, value: string) {
    setValues((current) => {
      const next = { ...current, [name]: value };
      // On a new flight the arrival day follows the departure day until it is set apart.
      if (!flight && name === 'departureDate' && current.arrivalDate === current.departureDate) {
        next.arrivalDate = value;
      }
      return next;
    });
  }

  const form: FlightFormControls = { values, errors, set, fieldId, errorId, describedBy };

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

  function focusFirstError(found: FieldErrors) {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (!first) return;
    const target =
      first === 'departureTime'
        ? values.departureDate
          ? 'departureClock'
          : 'departureDate'
        : first === 'arrivalTime'
          ? values.arrivalDate
            ? 'arrivalClock'
            : 'arrivalDate'
          : first;
    document.getElementById(fieldId(target))?.focus();
  }

  function fail(failure: unknown) {
    const code = errorCode(failure);
    if (flight && code === 'not_found') {
      forgetFlight(queryClient, trip.id, flight.id);
      setFormError(FLIGHT_GONE);
      return;
    }
    const message = errorMessage(failure, SAVE_FAILED);
    if (code === 'not_a_member') {
      // The picked member has left the trip since the list was loaded.
      setErrors({ travellerId: message });
      void members.refetch();
      return;
    }
    setFormError(message);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    if (!flight) {
      create.mutate(checked.flight, { onSuccess: onDone, onError: fail });
      return;
    }
    const changes = changesFrom(flight, checked.flight);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    // The PATCH's own contract too (at least one field); the times were checked together above.
    const patch = updateFlightBody.safeParse(changes);
    if (!patch.success) {
      setFormError(patch.error.issues[0]?.message ?? SAVE_FAILED);
      return;
    }
    update.mutate({ id: flight.id, changes: patch.data }, { onSuccess: onDone, onError: fail });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field htmlFor={fieldId('flightNumber')} label="Flight number">
          <Input
            id={fieldId('flightNumber')}
            name="flightNumber"
            placeholder="GA 401"
            maxLength={FLIGHT_NUMBER_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase placeholder:normal-case"
            value={values.flightNumber}
            onChange={(event) => set('flightNumber', event.target.value)}
            {...describedBy('flightNumber')}
          />
          <FieldMessage id={errorId('flightNumber')} message={errors.flightNumber} />
        </Field>
        <Field htmlFor={fieldId('stops')} label="Stops">
          <NativeSelect
            id={fieldId('stops')}
            name="stops"
            value={values.stops}
            onChange={(event) => set('stops', event.target.value)}
            {...describedBy('stops')}
          >
            {STOP_CHOICES.map((stops) => (
              <option key={stops} value={String(stops)}>
                {stopsLabel(stops)}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id={errorId('stops')} message={errors.stops} />
        </Field>
      </div>

      <FlightLegFieldset leg="departure" form={form} offsets={offsets} />
      <FlightLegFieldset leg="arrival" form={form} offsets={offsets} />

      <Field htmlFor={fieldId('travellerId')} label="Traveller">
        <NativeSelect
          id={fieldId('travellerId')}
          name="travellerId"
          value={values.travellerId}
          onChange={(event) => set('travellerId', event.target.value)}
          {...describedBy('travellerId')}
        >
          <option value="">Everyone</option>
          {travellerOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={errorId('travellerId')} message={errors.travellerId} />
        {members.isError && (
          <p className="text-xs text-muted-foreground">
            Could not load the trip's members; the flight can still be for everyone.
          </p>
        )}
      </Field>

      <FormError message={formError} />
      <DialogActions className="mt-1" pending={pending}>
        {flight ? 'Save changes' : 'Add flight'}
      </DialogActions>
    </form>
  );
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
  trip: TripDto;
  flight: FlightDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{flight ? `Edit flight ${flight.flightNumber}` : 'Add flight'}</DialogTitle>
          <DialogDescription>
            Enter each time as the airport's local time, with that airport's UTC offset.
          </DialogDescription>
        </DialogHeader>
        <FlightForm trip={trip} flight={flight} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
