import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { NewFlight } from '../../../shared/contracts/flights';
import type { FieldName, FlightFormValues, Leg } from './flightForm';
import { utcOffsetLabel } from './flightTime';
import { NativeSelect } from './NativeSelect';

/** What the flight form's fields share: the form, and how ids and messages link. */
export interface FlightFormControls {
  form: UseFormReturn<FlightFormValues, unknown, NewFlight>;
  fieldId: (name: string) => string;
  errorId: (name: FieldName) => string;
  describedBy: (name: FieldName) => {
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

/** A field's message under it, linked from the control with aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}

/** A label over its control (and the message under it, where the caller puts one). */
export function Field({
  htmlFor,
  label,
  className,
  children,
}: {
  htmlFor: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

const airportInput = {
  maxLength: 3,
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  className: 'uppercase placeholder:normal-case',
} as const;

/**
 * One leg of the flight (departure or arrival): its airport, date, time and UTC offset.
 * `onDateChange` hears a new day before the form takes it in.
 */
export function FlightLegFieldset({
  leg,
  controls,
  offsets,
  onDateChange,
}: {
  leg: Leg;
  controls: FlightFormControls;
  offsets: string[];
  onDateChange?: (day: string) => void;
}) {
  const { form, fieldId, errorId, describedBy } = controls;
  const { register } = form;
  const { errors } = form.formState;
  const airport = leg === 'departure' ? 'departureAirport' : 'arrivalAirport';
  const time = leg === 'departure' ? 'departureTime' : 'arrivalTime';
  const date = register(`${time}.date`);
  const name = leg === 'departure' ? 'Departure' : 'Arrival';
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3 pt-2">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      {/* Two rows whose columns suit their controls: a date picker needs more room than a
          3-letter code, and at 375 px a plain two-column grid would clip it. */}
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
        <Field
          htmlFor={fieldId(airport)}
          label={leg === 'departure' ? 'From airport' : 'To airport'}
        >
          <Input
            id={fieldId(airport)}
            placeholder={leg === 'departure' ? 'DPS' : 'SIN'}
            {...register(airport)}
            {...airportInput}
            {...describedBy(airport)}
          />
        </Field>
        <Field htmlFor={fieldId(`${leg}Date`)} label="Date">
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
            {...describedBy(time)}
          />
        </Field>
      </div>
      <FieldMessage id={errorId(airport)} message={errors[airport]?.message} />
      <div className="grid grid-cols-2 gap-3">
        <Field htmlFor={fieldId(`${leg}Clock`)} label="Time">
          <Input
            id={fieldId(`${leg}Clock`)}
            aria-label={`${name} time`}
            type="time"
            {...register(`${time}.time`)}
            {...describedBy(time)}
          />
        </Field>
        <Field htmlFor={fieldId(`${leg}Offset`)} label="UTC offset">
          <NativeSelect
            id={fieldId(`${leg}Offset`)}
            aria-label={`${name} UTC offset`}
            {...register(`${time}.offset`)}
          >
            {offsets.map((option) => (
              <option key={option} value={option}>
                {utcOffsetLabel(option)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <FieldMessage id={errorId(time)} message={errors[time]?.message} />
    </fieldset>
  );
}
