import {
  type CreateFlightBody,
  createFlightBody,
  type FlightDto,
  type NewFlight,
  type UpdateFlightBody,
} from '../../../shared/contracts/flights';
import type { TripDto } from '../../../shared/contracts/trips';
import { browserUtcOffset, joinFlightTime, splitFlightTime } from './flightTime';

/*
 * The flight form's values and what is made of them: the shared schema's verdict, the body of a
 * new flight, the changes to an existing one. Pure, so the dialog holds only the form's state.
 */

export type Leg = 'departure' | 'arrival';

/** The form as typed: each time split into a local day, a time of day and a UTC offset. */
export type FormValues = {
  flightNumber: string;
  departureAirport: string;
  departureDate: string;
  departureClock: string;
  departureOffset: string;
  arrivalAirport: string;
  arrivalDate: string;
  arrivalClock: string;
  arrivalOffset: string;
  stops: string;
  /** A member's id, or '' for the whole group. */
  travellerId: string;
};

/** Messages by the contract's field names (createFlightBody's paths), plus the form's own. */
export type FieldName = keyof CreateFlightBody;
export type FieldErrors = Partial<Record<FieldName, string>>;

// The form asks for a day and a time separately; until both are there, no time exists for the
// shared schema to judge, and its message (about ISO offsets) would not help anyone here.
const MISSING_TIME: Record<Leg, string> = {
  departure: 'Please choose the departure date and time',
  arrival: 'Please choose the arrival date and time',
};

/** The order fields are laid out in, so focus goes to the first one with a problem. */
export const FIELD_ORDER: FieldName[] = [
  'flightNumber',
  'stops',
  'departureAirport',
  'departureTime',
  'arrivalAirport',
  'arrivalTime',
  'travellerId',
];

function legValues(time: string | undefined, fallbackDate: string, fallbackOffset: string) {
  // Prefilled from the stored string itself, so the airport's own offset is kept exactly.
  const parts = time ? splitFlightTime(time) : null;
  return parts ?? { date: fallbackDate, time: '', offset: fallbackOffset };
}

export function initialValues(trip: TripDto, flight: FlightDto | null): FormValues {
  const offset = browserUtcOffset();
  const departure = legValues(flight?.departureTime, trip.startDate, offset);
  const arrival = legValues(flight?.arrivalTime, trip.startDate, offset);
  return {
    flightNumber: flight?.flightNumber ?? '',
    departureAirport: flight?.departureAirport ?? '',
    departureDate: departure.date,
    departureClock: departure.time,
    departureOffset: departure.offset,
    arrivalAirport: flight?.arrivalAirport ?? '',
    arrivalDate: arrival.date,
    arrivalClock: arrival.time,
    arrivalOffset: arrival.offset,
    stops: String(flight?.stops ?? 0),
    travellerId: flight?.traveller?.id ?? '',
  };
}

function toBody(values: FormValues): CreateFlightBody {
  return {
    flightNumber: values.flightNumber,
    departureAirport: values.departureAirport,
    departureTime: joinFlightTime({
      date: values.departureDate,
      time: values.departureClock,
      offset: values.departureOffset,
    }),
    arrivalAirport: values.arrivalAirport,
    arrivalTime: joinFlightTime({
      date: values.arrivalDate,
      time: values.arrivalClock,
      offset: values.arrivalOffset,
    }),
    stops: Number(values.stops),
    travellerId: values.travellerId || null,
  };
}

/** The whole form against the shared schema: its messages by field, or the flight to send. */
export function validate(
  values: FormValues,
): { ok: true; flight: NewFlight } | { ok: false; errors: FieldErrors } {
  const body = toBody(values);
  const result = createFlightBody.safeParse(body);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!body.departureTime) errors.departureTime = MISSING_TIME.departure;
  if (!body.arrivalTime) errors.arrivalTime = MISSING_TIME.arrival;
  if (result.success && Object.keys(errors).length === 0) return { ok: true, flight: result.data };
  return { ok: false, errors };
}

/** A stored time as the form would write it back, to tell whether the person changed it. */
function asTyped(time: string): string {
  const parts = splitFlightTime(time);
  return parts ? joinFlightTime(parts) : time;
}

/** Only what differs from the stored flight, so an untouched time is kept exactly as it was. */
export function changesFrom(flight: FlightDto, next: NewFlight): UpdateFlightBody {
  const changes: UpdateFlightBody = {};
  if (next.flightNumber !== flight.flightNumber) changes.flightNumber = next.flightNumber;
  if (next.departureAirport !== flight.departureAirport)
    changes.departureAirport = next.departureAirport;
  if (next.departureTime !== asTyped(flight.departureTime))
    changes.departureTime = next.departureTime;
  if (next.arrivalAirport !== flight.arrivalAirport) changes.arrivalAirport = next.arrivalAirport;
  if (next.arrivalTime !== asTyped(flight.arrivalTime)) changes.arrivalTime = next.arrivalTime;
  if (next.stops !== flight.stops) changes.stops = next.stops;
  if (next.travellerId !== (flight.traveller?.id ?? null)) changes.travellerId = next.travellerId;
  return changes;
}
