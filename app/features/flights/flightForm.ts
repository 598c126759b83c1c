import { z } from 'zod';
import { readWrittenTime, zonedIso } from '../../../shared/calendar';
import {
  type CreateFlight,
  type CreateFlightBody,
  createFlightBody,
  type Flight,
  type UpdateFlightBody,
} from '../../../shared/contracts/flights';
import type { Trip } from '../../../shared/contracts/trips';

/*
 * The flight form's values and what is made of them: the schema the form is checked with (the
 * shared contract's), the changes to an existing flight. Pure, so the dialog holds only the form.
 *
 * Issue #37: each time is entered as the local day and time at its airport; the airport chosen
 * gives the zone, and the time goes to the API with the offset in force there then.
 */

export type Leg = 'departure' | 'arrival';

/**
 * A time as the form asks for it: a local day and time of day, and the zone they are read in:
 * the airport's IANA zone, or, for a stored flight whose airport the list does not know, the
 * offset it was stored with ("+08:00"); '' until an airport is chosen.
 */
const localTime = z.object({ date: z.string(), time: z.string(), zone: z.string() });
export type LocalTime = z.infer<typeof localTime>;

/**
 * The form as typed. Its names are the contract's, so each message lands on its field; a time is
 * the inputs that make it.
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
// The id a new flight is created under is the client's (issue #37), not a field of the form.
export type FieldName = Exclude<keyof CreateFlightBody, 'id'>;

// What a time can be short of before it is one; each has its own words, since the shared
// schema's (about ISO offsets) would not help anyone here.
const NO_AIRPORT = '<no airport>';
const SKIPPED = '<skipped>';

const MESSAGES: Record<Leg, { missing: string; airport: string; noAirport: string }> = {
  departure: {
    missing: 'Please choose the departure date and time',
    airport: 'Please choose the departure airport from the list',
    noAirport: 'The time is local to the departure airport: choose it first',
  },
  arrival: {
    missing: 'Please choose the arrival date and time',
    airport: 'Please choose the arrival airport from the list',
    noAirport: 'The time is local to the arrival airport: choose it first',
  },
};
export const SKIPPED_TIME =
  'The clocks there skip this time (they go forward that night): please check the time';

/** The API's time for a local day and time at the leg's airport, or what keeps it from one. */
export function flightTimeOf({ date, time, zone }: LocalTime): string {
  if (!date || !time) return '';
  if (!zone) return NO_AIRPORT;
  const found = zonedIso({ date, time }, zone);
  if ('iso' in found) return found.iso;
  return found.status === 'skipped' ? SKIPPED : '';
}

const typedTime = (leg: Leg) =>
  z
    .string()
    .min(1, MESSAGES[leg].missing)
    .refine((value) => value !== NO_AIRPORT, MESSAGES[leg].noAirport)
    .refine((value) => value !== SKIPPED, SKIPPED_TIME)
    .pipe(createFlightBody.shape[leg === 'departure' ? 'departureTime' : 'arrivalTime']);

const chosenAirport = (leg: Leg) =>
  z
    .string()
    .min(1, MESSAGES[leg].airport)
    .pipe(createFlightBody.shape[leg === 'departure' ? 'departureAirport' : 'arrivalAirport']);

/**
 * The whole form against the shared createFlightBody, for an edit too: a PATCH sends only the
 * changed fields, but the times are checked together.
 */
export const flightForm = flightFormShape
  .transform(
    (values): CreateFlightBody => ({
      flightNumber: values.flightNumber,
      departureAirport: values.departureAirport,
      departureTime: flightTimeOf(values.departureTime),
      arrivalAirport: values.arrivalAirport,
      arrivalTime: flightTimeOf(values.arrivalTime),
      stops: Number(values.stops),
      travellerId: values.travellerId || null,
    }),
  )
  .pipe(
    createFlightBody.safeExtend({
      departureAirport: chosenAirport('departure'),
      departureTime: typedTime('departure'),
      arrivalAirport: chosenAirport('arrival'),
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

function localTimeOf(time: string | undefined, fallbackDate: string): LocalTime {
  // A stored time shows as it was written: its airport's local time, in its own offset until
  // the airport's zone is known (the picker tells the form when it finds the airport).
  const written = time ? readWrittenTime(time) : null;
  if (written) return { date: written.date, time: written.time, zone: written.offset };
  return { date: fallbackDate, time: '', zone: '' };
}

export function initialValues(trip: Trip, flight: Flight | null): FlightFormValues {
  return {
    flightNumber: flight?.flightNumber ?? '',
    stops: String(flight?.stops ?? 0),
    departureAirport: flight?.departureAirport ?? '',
    departureTime: localTimeOf(flight?.departureTime, trip.startDate),
    arrivalAirport: flight?.arrivalAirport ?? '',
    arrivalTime: localTimeOf(flight?.arrivalTime, trip.startDate),
    travellerId: flight?.traveller?.id ?? '',
  };
}

/** The local day and time written in a flight time, "2026-12-20T08:30". */
const wallTimeIn = (time: string) => time.slice(0, 16);

/**
 * Only what differs from the stored flight, so an untouched time is kept exactly as it was: a
 * time counts as changed when its local day or time, or its airport, is.
 */
export function changesFrom(flight: Flight, next: CreateFlight): UpdateFlightBody {
  const changes: UpdateFlightBody = {};
  const departureMoved =
    next.departureAirport !== flight.departureAirport ||
    wallTimeIn(next.departureTime) !== wallTimeIn(flight.departureTime);
  const arrivalMoved =
    next.arrivalAirport !== flight.arrivalAirport ||
    wallTimeIn(next.arrivalTime) !== wallTimeIn(flight.arrivalTime);
  if (next.flightNumber !== flight.flightNumber) changes.flightNumber = next.flightNumber;
  if (next.departureAirport !== flight.departureAirport)
    changes.departureAirport = next.departureAirport;
  if (departureMoved) changes.departureTime = next.departureTime;
  if (next.arrivalAirport !== flight.arrivalAirport) changes.arrivalAirport = next.arrivalAirport;
  if (arrivalMoved) changes.arrivalTime = next.arrivalTime;
  if (next.stops !== flight.stops) changes.stops = next.stops;
  if (next.travellerId !== (flight.traveller?.id ?? null)) changes.travellerId = next.travellerId;
  return changes;
}
