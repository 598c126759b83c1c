import { z } from 'zod';
import { text } from './text';

// Issue #37: a flight is entered by airport and local time. The airports (and each one's IANA
// zone) stay on the server; the flight form asks for the few that match what is typed.

export const AIRPORT_QUERY_MAX_LENGTH = 60;
/** How many airports one search answers with, best first. */
export const AIRPORT_MATCHES = 10;

export const AIRPORT_MESSAGES = {
  query: 'Type an airport code, a city or a name',
} as const;

/** `GET /api/airports?q=lis`. */
export const airportQuery = z.object({
  q: text(AIRPORT_MESSAGES.query)
    .trim()
    .min(1, AIRPORT_MESSAGES.query)
    .max(AIRPORT_QUERY_MAX_LENGTH, AIRPORT_MESSAGES.query),
});

export const airport = z.object({
  /** IATA code, "LIS": what a flight stores. */
  code: z.string(),
  name: z.string(),
  /** The city it serves, "Lisbon"; null where the data names none. */
  city: z.string().nullable(),
  /** The country's name in English, "Portugal". */
  country: z.string(),
  /** The airport's IANA zone, "Europe/Lisbon": its local times are in it. */
  timeZone: z.string(),
});
export type Airport = z.infer<typeof airport>;

/** Up to AIRPORT_MATCHES airports: the code itself first, then codes, cities, names, countries. */
export const airportList = z.array(airport);
