import { z } from 'zod';
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
 * The flight form's values and what is made of them: the schema the form is checked with (the
 * shared contract's), the changes to an existing flight. Pure, so the dialog holds only the form.
 */

export type Leg = 'departure' | 'arrival';

/** A time as the form asks for it: a local day, a time of day and a UTC offset (flightTime). */
const localTime = z.object({ date: z.string(), time: z.string(), offset: z.string() });

/**
 * The form as typed. Its names are the contract's, so each message lands on its field; a time is
 * the three inputs that make it.
 */
const flightFormShape = z.object({
  flightNumber: z.string(),
  stops: z.string(),
  departureAirport: z.string(),
  departureTime: localTime,
  arrivalAirport: z.string(),
  arrivalTime: localTime,
  /** A member's id, or '' for the whole group. */
  travellerId: z.string(),
});
export type FlightFormValues = z.infer<typeof flightFormShape>;
export type FieldName = keyof CreateFlightBody;

// The form asks for a day and a time separately; until both are there, no time exists for the
// shared schema to judge, and its message (about ISO offsets) would not help anyone here.
const MISSING_TIME: Record<Leg, string> = {
  departure: 'Please choose the departure date and time',
  arrival: 'Please choose the arrival date and time',
};
const typedTime = (leg: Leg) =>
  z
    .string()
    .min(1, MISSING_TIME[leg])
    .pipe(createFlightBody.shape[leg === 'departure' ? 'departureTime' : 'arrivalTime']);

/**
 * The whole form against the shared createFlightBody, for an edit too: a PATCH sends only the
 * changed fields, but the times are checked together.
 */
export const flightForm = flightFormShape
  .transform(
    (values): CreateFlightBody => ({
      flightNumber: values.flightNumber,
      departureAirport: values.departureAirport,
      departureTime: joinFlightTime(values.departureTime),
      arrivalAirport: values.arrivalAirport,
      arrivalTime: joinFlightTime(values.arrivalTime),
      stops: Number(values.stops),
      travellerId: values.travellerId || null,
    }),
  )
  .pipe(
    createFlightBody.safeExtend({
      departureTime: typedTime('departure'),
      arrivalTime: typedTime('arrival'),
    }),
  );

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

function localTimeOf(time: string | undefined, fallbackDate: string, fallbackOffset: string) {
  // Prefilled from the stored string itself, so the airport's own offset is kept exactly.
  const parts = time ? splitFlightTime(time) : null;
  return parts ?? { date: fallbackDate, time: '', offset: fallbackOffset };
}

export function initialValues(trip: TripDto, flight: FlightDto | null): FlightFormValues {
  const offset = browserUtcOffset();
  return {
    flightNumber: flight?.flightNumber ?? '',
    stops: String(flight?.stops ?? 0),
    departureAirport: flight?.departureAirport ?? '',
    departureTime: localTimeOf(flight?.departureTime, trip.startDate, offset),
    arrivalAirport: flight?.arrivalAirport ?? '',
    arrivalTime: localTimeOf(flight?.arrivalTime, trip.startDate, offset),
    travellerId: flight?.traveller?.id ?? '',
  };
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
