import type { ChangeEvent } from 'react';
import type { z } from 'zod';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DEFAULT_TRIP } from '../../../shared/constants';
import type { TripDto } from '../../../shared/contracts/trips';

/** The trip form as typed: every field a string, as inputs hold them (dates `YYYY-MM-DD`). */
export type TripFormValues = {
  name: string;
  destination: string;
  startDate: string;
  endDate: string;
};
export type TripField = keyof TripFormValues;
export type TripFieldErrors = Partial<Record<TripField, string>>;

/** In the order they show, so the first invalid one is the first the eye (and focus) reaches. */
const TRIP_FIELDS: TripField[] = ['name', 'destination', 'startDate', 'endDate'];
const isTripField = (key: unknown): key is TripField => TRIP_FIELDS.includes(key as TripField);

/** A local calendar day as `<input type="date">` holds it. */
function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new trip's form: no name yet, the spec's default dates, counted in the user's own days. */
export function newTripValues(now = new Date()): TripFormValues {
  const day = (offset: number) =>
    isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
  return {
    name: '',
    destination: '',
    startDate: day(DEFAULT_TRIP.startsInDays),
    endDate: day(DEFAULT_TRIP.startsInDays + DEFAULT_TRIP.lengthDays),
  };
}

export function tripFormValues(trip: TripDto): TripFormValues {
  return {
    name: trip.name,
    destination: trip.destination ?? '',
    startDate: trip.startDate,
    endDate: trip.endDate,
  };
}

export type TripFormCheck<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: TripFieldErrors; message: string | null };

/**
 * Checks the form with a shared contract (createTripBody or updateTripBody), so the rules and
 * their words are the server's. Each field gets its first message; a rule about the whole body
 * (updateTripBody's "nothing to change") comes back as `message`.
 */
export function checkTripForm<S extends z.ZodType>(
  schema: S,
  values: TripFormValues,
): TripFormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: TripFieldErrors = {};
  let message: string | null = null;
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (isTripField(field)) fieldErrors[field] ??= issue.message;
    else message ??= issue.message;
  }
  return { ok: false, fieldErrors, message };
}

/** Puts the cursor in the first field with a problem, where the user has to act. */
export function focusFirstInvalid(form: HTMLFormElement, errors: TripFieldErrors) {
  const field = TRIP_FIELDS.find((name) => errors[name]);
  const input = field ? form.elements.namedItem(field) : null;
  if (input instanceof HTMLElement) input.focus();
}

/**
 * Name, destination and dates: the fields of the New trip and Trip settings dialogs. Each field's
 * message shows under it and is read with it (aria-describedby). `readOnly` shows the values to a
 * member, who may read the settings but not change them.
 */
export function TripFormFields({
  id,
  values,
  errors = {},
  onChange,
  readOnly = false,
  disabled = false,
}: {
  /** Prefix for the inputs' ids (a `useId()`), unique per form. */
  id: string;
  values: TripFormValues;
  errors?: TripFieldErrors;
  onChange?: (field: TripField, value: string) => void;
  readOnly?: boolean;
  disabled?: boolean;
}) {
  function input(field: TripField, { hinted = false } = {}) {
    const inputId = `${id}-${field}`;
    const error = errors[field];
    const describedBy = [error && `${inputId}-error`, hinted && `${inputId}-hint`]
      .filter(Boolean)
      .join(' ');
    return {
      id: inputId,
      name: field,
      value: values[field],
      readOnly,
      disabled,
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange?.(field, event.target.value),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  }

  function fieldError(field: TripField) {
    const error = errors[field];
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
          <Input type="date" min={values.startDate || undefined} {...input('endDate')} />
          {fieldError('endDate')}
        </div>
      </div>
    </div>
  );
}
