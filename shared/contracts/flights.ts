import { z } from 'zod';
import type { SharedFeature } from '../featureContract';
import { flightDurationMinutes, isArrivalAfterDeparture } from '../flightDuration';
import { canonicalId } from '../ids';
import { newItemId, uuidParam } from './params';
import { text } from './text';

// Issue #5 replaces the spec's hard-coded sample flight (§2 Widgets, §3 Flight) with real ones.
// The rules below are the issue's; the spec shows no validation for flights.
export const MAX_FLIGHT_STOPS = 5;
export const FLIGHT_NUMBER_MAX_LENGTH = 10;
// Airline designator plus number, "GA 401" or "SQ938": 2–8 letters and digits, one space at most.
const FLIGHT_NUMBER_PATTERN = /^[A-Z0-9]+(?: [A-Z0-9]+)?$/;
const FLIGHT_NUMBER_CHARACTERS = { min: 2, max: 8 };
const AIRPORT_CODE_PATTERN = /^[A-Z]{3}$/;
// The longest real value is "2026-12-20T08:30:00.123456789+08:00" (35 characters).
const FLIGHT_TIME_MAX_LENGTH = 40;

// Issue #16: every kind of item has a ceiling per trip, so no list grows without bound.
export const MAX_FLIGHTS_PER_TRIP = 100;

export const FLIGHT_MESSAGES = {
  tooMany: `A trip holds at most ${MAX_FLIGHTS_PER_TRIP} flights. Remove some to add more.`,
  flightNumber: 'Please enter the flight number, like GA 401 or SQ938',
  flightNumberTooLong: `Flight numbers are at most ${FLIGHT_NUMBER_MAX_LENGTH} characters`,
  airport: 'Please use the 3-letter airport code, like DPS',
  time: 'Please give the time with its UTC offset, like 2026-12-20T08:30:00+08:00',
  arrivalBeforeDeparture: 'The arrival must be after the departure',
  stops: `Stops must be a whole number from 0 to ${MAX_FLIGHT_STOPS}`,
  traveller: 'The traveller must be a member of this trip',
  notFound: 'No such flight',
  nothingToChange:
    'Nothing to change: send a flight number, airport, time, number of stops or traveller',
} as const;

const flightNumber = text(FLIGHT_MESSAGES.flightNumber)
  .trim()
  .toUpperCase()
  .min(1, FLIGHT_MESSAGES.flightNumber)
  .max(FLIGHT_NUMBER_MAX_LENGTH, FLIGHT_MESSAGES.flightNumberTooLong)
  .refine((value) => {
    const characters = value.replace(' ', '').length;
    return (
      FLIGHT_NUMBER_PATTERN.test(value) &&
      characters >= FLIGHT_NUMBER_CHARACTERS.min &&
      characters <= FLIGHT_NUMBER_CHARACTERS.max
    );
  }, FLIGHT_MESSAGES.flightNumber);

const airportCode = text(FLIGHT_MESSAGES.airport)
  .trim()
  .toUpperCase()
  .regex(AIRPORT_CODE_PATTERN, FLIGHT_MESSAGES.airport);

// An explicit offset (or Z) is required: a bare local time names no instant, so no duration
// could be derived from it. The value is kept as given, so it shows in its airport's local time.
const flightTime = text(FLIGHT_MESSAGES.time)
  .trim()
  .max(FLIGHT_TIME_MAX_LENGTH, FLIGHT_MESSAGES.time)
  .pipe(z.iso.datetime({ offset: true, local: false, error: FLIGHT_MESSAGES.time }));

const stops = z
  .int(FLIGHT_MESSAGES.stops)
  .min(0, FLIGHT_MESSAGES.stops)
  .max(MAX_FLIGHT_STOPS, FLIGHT_MESSAGES.stops);

// A member's user id; the server checks membership (an unknown id is a 400 there, not here).
const travellerId = text(FLIGHT_MESSAGES.traveller)
  .max(100, FLIGHT_MESSAGES.traveller)
  .overwrite(canonicalId);

// Judged only between two readable times: an unreadable one has its own message already (zod
// runs this check even when a field failed), and "arrives before it departs" would mislead.
const arrivesAfterDeparting = (flight: { departureTime?: string; arrivalTime?: string }) =>
  flightDurationMinutes(flight.departureTime ?? '', flight.arrivalTime ?? '') === null ||
  isArrivalAfterDeparture(flight.departureTime ?? '', flight.arrivalTime ?? '');
const ARRIVAL_BEFORE_DEPARTURE = {
  message: FLIGHT_MESSAGES.arrivalBeforeDeparture,
  path: ['arrivalTime'],
};

/**
 * `POST /api/trips/:tripId/flights`. No traveller means the whole group's flight; `id`, if given,
 * is the client's choice (`newItemId`).
 */
export const createFlightBody = z
  .object({
    id: newItemId.optional(),
    flightNumber,
    departureAirport: airportCode,
    departureTime: flightTime,
    arrivalAirport: airportCode,
    arrivalTime: flightTime,
    stops: stops.default(0),
    travellerId: travellerId.nullish().transform((value) => value ?? null),
  })
  .refine(arrivesAfterDeparting, ARRIVAL_BEFORE_DEPARTURE);
export type CreateFlightBody = z.input<typeof createFlightBody>;
export type CreateFlight = z.output<typeof createFlightBody>;

/**
 * `PATCH /api/flights/:id`: any of the fields, at least one. A `travellerId` of null makes it
 * the group's flight again. With only one time sent, the server checks it against the stored
 * other one.
 */
export const updateFlightBody = z
  .object({
    flightNumber: flightNumber.optional(),
    departureAirport: airportCode.optional(),
    departureTime: flightTime.optional(),
    arrivalAirport: airportCode.optional(),
    arrivalTime: flightTime.optional(),
    stops: stops.optional(),
    travellerId: travellerId.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: FLIGHT_MESSAGES.nothingToChange,
  })
  .refine(arrivesAfterDeparting, ARRIVAL_BEFORE_DEPARTURE);
export type UpdateFlightBody = z.input<typeof updateFlightBody>;
export type UpdateFlight = z.output<typeof updateFlightBody>;

/** spec §3 Flight, with the trip, the traveller and the duration derived from the two times. */
export const flight = z.object({
  id: z.string(),
  tripId: z.string(),
  flightNumber: z.string(),
  departureAirport: z.string(),
  /** ISO 8601 with the offset it was given in: the departure airport's local time. */
  departureTime: z.string(),
  arrivalAirport: z.string(),
  arrivalTime: z.string(),
  stops: z.number().int(),
  durationMinutes: z.number().int(),
  /** spec §3 Flight.duration: "2h 45m". */
  duration: z.string(),
  traveller: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Flight = z.infer<typeof flight>;
export const flightList = z.array(flight);

export const flightParams = z.object({ id: uuidParam(FLIGHT_MESSAGES.notFound) });

/** What flights add to the shared lists (shared/contracts/features.ts). */
export const flightsShared = {
  lists: { flights: flight },
  widgets: { flight: { width: 350, height: 300 } },
  commentSubjects: ['flight'],
  activity: {
    'flight.added': {
      deed: ({ label, detail }) => `added the flight ${label}${detail ? ` (${detail})` : ''}`,
      counted: ['added', 'flights'],
    },
    'flight.edited': {
      deed: ({ label }) => `changed the flight ${label}`,
      counted: ['changed', 'flights'],
    },
    'flight.deleted': {
      deed: ({ label, detail }) => `deleted the flight ${label}${detail ? ` (${detail})` : ''}`,
    },
    'flight.restored': { deed: ({ label }) => `restored the flight ${label}` },
  },
} as const satisfies SharedFeature;
