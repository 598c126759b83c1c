import { z } from 'zod';
import { daysBetween } from '../calendar';
import type { SharedFeature } from '../featureContract';
import { text } from './text';

// Issue #21: searching flights and stays together. A search is the trip's: the latest of each
// kind is kept and everyone on the trip sees it (who ran it, the query, the answer) as it lands.

export const CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
export type Cabin = (typeof CABINS)[number];
export const CABIN_LABELS: Record<Cabin, string> = {
  economy: 'Economy',
  premium_economy: 'Premium economy',
  business: 'Business',
  first: 'First',
};

export const MAX_TRAVELLERS = 9; // airlines book at most 9 in one booking
export const MAX_GUESTS = 16;
export const MAX_NIGHTS = 90;
export const SEARCH_KINDS = ['flights', 'stays'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MESSAGES = {
  airport: 'Please use the 3-letter airport code, like DPS',
  sameAirports: 'The destination must differ from the origin',
  date: 'Use a real calendar date, like 2026-12-20',
  returnBeforeDeparture: 'The return must be on or after the departure',
  past: 'The dates must not be in the past',
  travellers: `Travellers must be a whole number from 1 to ${MAX_TRAVELLERS}`,
  cabin: 'The cabin must be economy, premium_economy, business or first',
  destination: 'Please enter where you want to stay',
  destinationTooLong: 'A destination is at most 100 characters',
  checkOutBeforeCheckIn: 'The check-out must be after the check-in',
  tooManyNights: `A stay is at most ${MAX_NIGHTS} nights`,
  guests: `Guests must be a whole number from 1 to ${MAX_GUESTS}`,
  providerDown: 'Flight prices are unavailable right now. Please try again in a moment.',
} as const;

const airportCode = text(SEARCH_MESSAGES.airport)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, SEARCH_MESSAGES.airport);
const day = z.iso.date(SEARCH_MESSAGES.date);

/** `POST /api/trips/{tripId}/searches/flights`: one way when `returnDate` is null or absent. */
export const flightQuery = z
  .object({
    origin: airportCode,
    destination: airportCode,
    departDate: day,
    returnDate: day.nullable().default(null),
    travellers: z
      .number({ error: SEARCH_MESSAGES.travellers })
      .int(SEARCH_MESSAGES.travellers)
      .min(1, SEARCH_MESSAGES.travellers)
      .max(MAX_TRAVELLERS, SEARCH_MESSAGES.travellers)
      .default(1),
    cabin: z.enum(CABINS, { error: SEARCH_MESSAGES.cabin }).default('economy'),
  })
  .refine((query) => query.origin !== query.destination, {
    message: SEARCH_MESSAGES.sameAirports,
    path: ['destination'],
  })
  .refine((query) => !query.returnDate || query.returnDate >= query.departDate, {
    message: SEARCH_MESSAGES.returnBeforeDeparture,
    path: ['returnDate'],
  });
export type FlightQueryBody = z.input<typeof flightQuery>;
export type FlightQuery = z.output<typeof flightQuery>;

export const nightsBetween = daysBetween;

/** `POST /api/trips/{tripId}/searches/stays`. */
export const stayQuery = z
  .object({
    destination: text({ error: SEARCH_MESSAGES.destination })
      .trim()
      .min(1, SEARCH_MESSAGES.destination)
      .max(100, SEARCH_MESSAGES.destinationTooLong),
    checkIn: day,
    checkOut: day,
    guests: z
      .number({ error: SEARCH_MESSAGES.guests })
      .int(SEARCH_MESSAGES.guests)
      .min(1, SEARCH_MESSAGES.guests)
      .max(MAX_GUESTS, SEARCH_MESSAGES.guests)
      .default(2),
  })
  .refine((query) => query.checkOut > query.checkIn, {
    message: SEARCH_MESSAGES.checkOutBeforeCheckIn,
    path: ['checkOut'],
  })
  .refine((query) => nightsBetween(query.checkIn, query.checkOut) <= MAX_NIGHTS, {
    message: SEARCH_MESSAGES.tooManyNights,
    path: ['checkOut'],
  });
export type StayQueryBody = z.input<typeof stayQuery>;
export type StayQuery = z.output<typeof stayQuery>;

/** A partner's own search or page, prefilled; bookings happen there (spec §1). */
export const partnerLink = z.object({ partner: z.string(), url: z.string() });
export type PartnerLink = z.infer<typeof partnerLink>;

export const money = z.object({ amount: z.string(), currency: z.string() });
export type Money = z.infer<typeof money>;

/** One leg of an offer: from the first departure to the last arrival, with its flights. */
export const offerSlice = z.object({
  origin: z.string(),
  destination: z.string(),
  /** ISO 8601 with the airport's UTC offset, so each shows in local time. */
  departAt: z.string(),
  arriveAt: z.string(),
  stops: z.number().int(),
  /** "SQ 938", one a flight of the leg. */
  flightNumbers: z.array(z.string()),
});
export type OfferSlice = z.infer<typeof offerSlice>;

/** A priced flight option, the same shape whichever provider priced it. */
export const flightOffer = z.object({
  id: z.string(),
  carrier: z.string(),
  price: money,
  slices: z.array(offerSlice),
  /** The partner's search for this trip's query, where it can be booked. */
  bookUrl: z.string(),
});
export type FlightOffer = z.infer<typeof flightOffer>;

const person = z.object({ id: z.string(), name: z.string() });

const searchBase = {
  tripId: z.string(),
  ranBy: person.nullable(),
  ranAt: z.string(),
  /** The partners' own searches for the query: always there, with or without prices. */
  links: z.array(partnerLink),
};

export const flightSearch = z.object({
  ...searchBase,
  kind: z.literal('flights'),
  query: z.object({
    origin: z.string(),
    destination: z.string(),
    departDate: z.string(),
    returnDate: z.string().nullable(),
    travellers: z.number().int(),
    cabin: z.enum(CABINS),
  }),
  /** `priced`: offers from a priced provider (none found is an empty list); `links`: no prices. */
  source: z.enum(['priced', 'links']),
  offers: z.array(flightOffer),
  /**
   * The same search from each member's home airport (their profile), as the partners' links:
   * the one search read "from each person's airport". Members without one, or whose airport is
   * the search's origin or destination, are not listed.
   */
  fromHomes: z.array(z.object({ member: person, origin: z.string(), links: z.array(partnerLink) })),
});
export type FlightSearch = z.infer<typeof flightSearch>;

export const staySearch = z.object({
  ...searchBase,
  kind: z.literal('stays'),
  query: z.object({
    destination: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    guests: z.number().int(),
  }),
});
export type StaySearch = z.infer<typeof staySearch>;

export const tripSearch = z.discriminatedUnion('kind', [flightSearch, staySearch]);
export type TripSearch = z.infer<typeof tripSearch>;

/** `GET /api/trips/{tripId}/searches`: the latest search of each kind, or null. */
export const tripSearches = z.object({
  flights: flightSearch.nullable(),
  stays: staySearch.nullable(),
});
export type TripSearches = z.infer<typeof tripSearches>;

/** What searching together adds to the shared lists (shared/contracts/features.ts). */
export const searchShared = {
  // The trip's latest search of each kind (an item is replaced by the next of its kind).
  lists: { searches: tripSearch },
  widgets: {
    flightSearch: { width: 360, height: 440 },
    stays: { width: 360, height: 440 },
  },
} as const satisfies SharedFeature;
