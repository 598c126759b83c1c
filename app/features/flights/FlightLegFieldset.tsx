import { useCallback } from 'react';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { Field, FieldMessage } from '@/components/FormField';
import { Input } from '@/components/ui/input';
import { instantAt, offsetLabel } from '../../../shared/calendar';
import type { Airport } from '../../../shared/contracts/airports';
import type { CreateFlight } from '../../../shared/contracts/flights';
import { AirportPicker } from './AirportPicker';
import type { FieldName, FlightFormValues, Leg, LocalTime } from './flightForm';

/** What the flight form's fields share: the form, and how ids and messages link. */
export interface FlightFormControls {
  form: UseFormReturn<FlightFormValues, unknown, CreateFlight>;
  fieldId: (name: string) => string;
  errorId: (name: FieldName) => string;
  describedBy: (name: FieldName) => {
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

/** "Local time at LIS: UTC+01:00": the offset the time will be sent with, once there is one. */
function localTimeNote(airport: string, { date, time, zone }: LocalTime): string | null {
  if (!airport || !zone) return null;
  const found = instantAt({ date, time: time || '12:00' }, zone);
  if (found.status !== 'ok') return null;
  return `Local time at ${airport}: ${offsetLabel(found.offset)}`;
}

/**
 * One leg of the flight (departure or arrival): its airport, then the local date and time there.
 * The airport chosen gives the zone the time is read in. `onDateChange` hears a new day before
 * the form takes it in.
 */
export function FlightLegFieldset({
  leg,
  controls,
  onDateChange,
}: {
  leg: Leg;
  controls: FlightFormControls;
  onDateChange?: (day: string) => void;
}) {
  const { form, fieldId, errorId, describedBy } = controls;
  const { register, setValue, clearErrors, control } = form;
  const { errors } = form.formState;
  const airportField = leg === 'departure' ? 'departureAirport' : 'arrivalAirport';
  const timeField = leg === 'departure' ? 'departureTime' : 'arrivalTime';
  // Controlled, so the form can focus the box (its ref) when the airport is missing.
  const { field: airportInput } = useController({ control, name: airportField });
  const code = airportInput.value;
  const local = useWatch({ control, name: timeField });
  const date = register(`${timeField}.date`);
  const name = leg === 'departure' ? 'Departure' : 'Arrival';
  const airportDescribedBy = describedBy(airportField);
  const noteId = `${fieldId(timeField)}-note`;
  const note = localTimeNote(code, local);
  const timeError = describedBy(timeField);
  const timeDescribedBy = {
    'aria-invalid': timeError['aria-invalid'],
    'aria-describedby':
      [timeError['aria-describedby'], note && noteId].filter(Boolean).join(' ') || undefined,
  };

  const choose = useCallback(
    (airport: Airport | null) => {
      airportInput.onChange(airport?.code ?? '');
      if (airport) clearErrors(airportField);
      // Without an airport there is no zone to read the time in (a stored flight keeps its own
      // offset until its airport is found).
      if (airport) setValue(`${timeField}.zone`, airport.timeZone);
      else setValue(`${timeField}.zone`, '');
    },
    [airportInput.onChange, setValue, clearErrors, airportField, timeField],
  );

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3 pt-2">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <Field
        htmlFor={fieldId(airportField)}
        label={leg === 'departure' ? 'From airport' : 'To airport'}
      >
        <AirportPicker
          id={fieldId(airportField)}
          inputRef={airportInput.ref}
          code={code}
          onChoose={choose}
          placeholder={
            leg === 'departure' ? 'Code, city or airport: DPS, Bali…' : 'SIN, Singapore…'
          }
          invalid={airportDescribedBy['aria-invalid']}
          describedBy={airportDescribedBy['aria-describedby']}
        />
        <FieldMessage id={errorId(airportField)} message={errors[airportField]?.message} />
      </Field>
      {/* Side by side from a tablet up: at 375 px the date and time pickers would clip. */}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <Field htmlFor={fieldId(`${leg}Date`)} label="Local date">
          <Input
            id={fieldId(`${leg}Date`)}
            // The visible label is short under the legend; read alone, it names the leg.
            aria-label={`${name} date`}
            type="date"
            {...date}
            onChange={(event) => {
              onDateChange?.(event.target.value);
              return date.onChange(event);
            }}
            {...timeDescribedBy}
          />
        </Field>
        <Field htmlFor={fieldId(`${leg}Clock`)} label="Local time">
          <Input
            id={fieldId(`${leg}Clock`)}
            aria-label={`${name} time`}
            type="time"
            {...register(`${timeField}.time`)}
            {...timeDescribedBy}
          />
        </Field>
      </div>
      {note && (
        <p id={noteId} className="-mt-1 text-xs text-muted-foreground">
          {note}
        </p>
      )}
      <FieldMessage id={errorId(timeField)} message={errors[timeField]?.message} />
    </fieldset>
  );
}
