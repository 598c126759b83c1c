import { type ComponentProps, useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { localDayOf, timeZoneLabel, timeZoneNames } from '../../../shared/calendar';
import { DEFAULT_TRIP } from '../../../shared/constants';
import {
  type CreateTripBody,
  createTripBody,
  type Trip,
  type UpdateTripBody,
  updateTripBody,
} from '../../../shared/contracts/trips';

/**
 * The trip form as typed: every field a string, as inputs hold them (dates `YYYY-MM-DD`, the
 * time zone '' for none; only the settings show it).
 */
const tripFormShape = z.object({
  name: z.string(),
  destination: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type TripFormValues = z.infer<typeof tripFormShape>;
type TripField = keyof TripFormValues;

// The fields go to the shared contracts as they are; typed as the contract's input, a field the
// contract renames breaks the build.
/** The New trip form, checked by the shared `POST /api/trips` contract. */
export const newTripForm = tripFormShape
  .transform(({ timeZone: _none, ...values }): CreateTripBody => values)
  .pipe(createTripBody);
/**
 * Trip settings, checked by the shared `PATCH` contract. Every field is checked (a date is only
 * valid beside the other), but only the changes are sent.
 */
export const tripSettingsForm = tripFormShape
  .transform((values): UpdateTripBody => ({ ...values, timeZone: values.timeZone || null }))
  .pipe(updateTripBody);

/** Either trip form, or the read-only one a member sees. */
export type TripForm = UseFormReturn<TripFormValues, unknown, unknown>;

/** A new trip's form: no name yet, the spec's default dates, counted in the user's own days. */
export function newTripValues(now = new Date()): TripFormValues {
  const day = (offset: number) =>
    localDayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
  return {
    name: '',
    destination: '',
    startDate: day(DEFAULT_TRIP.startsInDays),
    endDate: day(DEFAULT_TRIP.startsInDays + DEFAULT_TRIP.lengthDays),
    timeZone: '',
  };
}

export function tripFormValues(trip: Trip): TripFormValues {
  return {
    name: trip.name,
    destination: trip.destination ?? '',
    startDate: trip.startDate,
    endDate: trip.endDate,
    timeZone: trip.timeZone ?? '',
  };
}

/**
 * Name, destination and dates: the fields of the New trip and Trip settings dialogs, and in the
 * settings (`withTimeZone`) the trip's time zone. Each field's message shows under it and is read
 * with it (aria-describedby); a corrected field loses its message at once, the others keep theirs
 * until the next try. `readOnly` shows the values to a member, who may read the settings but not
 * change them.
 */
export function TripFormFields({
  id,
  form,
  readOnly = false,
  withTimeZone = false,
}: {
  /** Prefix for the inputs' ids (a `useId()`), unique per form. */
  id: string;
  form: TripForm;
  readOnly?: boolean;
  withTimeZone?: boolean;
}) {
  const { register, clearErrors, control } = form;
  const { errors } = form.formState;
  const startDate = useWatch({ control, name: 'startDate' });
  const timeZone = useWatch({ control, name: 'timeZone' }) ?? '';

  function input(field: TripField, { hinted = false } = {}) {
    const inputId = `${id}-${field}`;
    const error = errors[field]?.message;
    const describedBy = [error && `${inputId}-error`, hinted && `${inputId}-hint`]
      .filter(Boolean)
      .join(' ');
    return {
      id: inputId,
      readOnly,
      ...register(field, { onChange: () => clearErrors(field) }),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  }

  function fieldError(field: TripField) {
    const error = errors[field]?.message;
    if (!error) return null;
    return (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {error}
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Trip name</Label>
        <Input
          autoComplete="off"
          placeholder={readOnly ? undefined : 'e.g. Bali 2023'}
          {...input('name')}
        />
        {fieldError('name')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-destination`}>Destination</Label>
        <Input
          autoComplete="off"
          placeholder={readOnly ? 'Not set' : 'e.g. Bali, Indonesia'}
          {...input('destination', { hinted: !readOnly })}
        />
        {!readOnly && (
          <p id={`${id}-destination-hint`} className="text-xs text-muted-foreground">
            Optional.
          </p>
        )}
        {fieldError('destination')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-startDate`}>Start date</Label>
          <Input type="date" {...input('startDate')} />
          {fieldError('startDate')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-endDate`}>End date</Label>
          <Input type="date" min={startDate || undefined} {...input('endDate')} />
          {fieldError('endDate')}
        </div>
      </div>
      {withTimeZone && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-timeZone`}>Time zone</Label>
          {readOnly ? (
            <Input readOnly id={`${id}-timeZone`} value={zoneText(timeZone)} />
          ) : (
            <TimeZoneSelect current={timeZone} {...input('timeZone', { hinted: true })} />
          )}
          {!readOnly && (
            <p id={`${id}-timeZone-hint`} className="text-xs text-muted-foreground">
              Where the trip's days are lived. It follows the destination until you choose one.
            </p>
          )}
          {fieldError('timeZone')}
        </div>
      )}
    </div>
  );
}

const zoneText = (zone: string) => (zone ? timeZoneLabel(zone) : 'Not set');

/**
 * Every zone this browser knows, A to Z, each with its offset now: "Europe/Lisbon (UTC+00:00)".
 * A native select: its type-ahead finds "Europe/L…" as the name is typed.
 */
function TimeZoneSelect({
  current,
  ...props
}: ComponentProps<typeof NativeSelect> & { current: string }) {
  const zones = useMemo(() => {
    const names = timeZoneNames();
    // A zone stored under a name this browser lists differently still shows as chosen.
    if (current && !names.includes(current)) names.push(current);
    const now = Date.now();
    return names.map((zone) => ({ zone, label: timeZoneLabel(zone, now) }));
  }, [current]);
  return (
    <NativeSelect {...props}>
      <option value="">Not set</option>
      {zones.map(({ zone, label }) => (
        <option key={zone} value={zone}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}
