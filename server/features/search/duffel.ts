import { z } from 'zod';
import { formatOffset, instantAt } from '../../../shared/calendar';
import type { FlightOffer, FlightQuery, OfferSlice } from '../../../shared/contracts/search';
import { fetchUpstreamJson, UpstreamError } from '../../platform/upstream';

/**
 * Duffel's flight search (issue #21), the priced provider: `POST /air/offer_requests` with
 * `return_offers=true`, answered with offers from its airlines (test mode: Duffel Airways). Only
 * what the widget shows is read; answers are normalised to `FlightOffer`.
 * https://duffel.com/docs/api/v2/offer-requests/create-offer-request
 */
export const DUFFEL_SERVICE = 'Duffel';
export const DUFFEL_VERSION = 'v2';
// Duffel asks its airlines for up to this long, then answers with what it has; our own limit
// (DUFFEL_TIMEOUT_MS, 15 s) leaves it room to answer.
const SUPPLIER_TIMEOUT_MS = 10_000;
/** The cheapest this many: enough to compare, few enough for a widget. */
export const MAX_OFFERS = 10;

const airport = z.object({ iata_code: z.string(), time_zone: z.string().nullish() });
const segment = z.object({
  departing_at: z.string(),
  arriving_at: z.string(),
  origin: airport,
  destination: airport,
  marketing_carrier: z.object({ iata_code: z.string().nullish(), name: z.string() }),
  marketing_carrier_flight_number: z.string().nullish(),
});
const offer = z.object({
  id: z.string(),
  total_amount: z.string(),
  total_currency: z.string(),
  owner: z.object({ name: z.string() }),
  slices: z.array(z.object({ segments: z.array(segment).min(1) })).min(1),
});
const offerRequestAnswer = z.object({ data: z.object({ offers: z.array(offer) }) });

/**
 * Duffel gives an airport's local time without an offset ("2026-12-20T08:30:00") and the
 * airport's zone beside it; flights keep their offset (shared/contracts/flights.ts), so it is
 * worked out from the zone. Without a zone the time is taken as UTC.
 */
export function withOffset(local: string, timeZone: string | null | undefined): string {
  const asUtc = Date.parse(`${local.slice(0, 19)}Z`);
  if (Number.isNaN(asUtc)) throw new UpstreamError(DUFFEL_SERVICE, 'malformed');
  if (!timeZone) return `${local.slice(0, 19)}Z`;
  const wall = { date: local.slice(0, 10), time: local.slice(11, 16) };
  const found = instantAt(wall, timeZone);
  if (found.status === 'ok') return `${local.slice(0, 19)}${formatOffset(found.offset)}`;
  // A zone this Node does not know, or a time its clocks skip (no flight is timed so).
  return `${local.slice(0, 19)}Z`;
}

function toSlice(segments: z.infer<typeof segment>[]): OfferSlice {
  const first = segments[0]!;
  const last = segments.at(-1)!;
  return {
    origin: first.origin.iata_code,
    destination: last.destination.iata_code,
    departAt: withOffset(first.departing_at, first.origin.time_zone),
    arriveAt: withOffset(last.arriving_at, last.destination.time_zone),
    stops: segments.length - 1,
    flightNumbers: segments.map((leg) =>
      [leg.marketing_carrier.iata_code, leg.marketing_carrier_flight_number]
        .filter(Boolean)
        .join(' '),
    ),
  };
}

export type DuffelSettings = { accessToken: string; baseUrl: string; timeoutMs: number };

/** The cheapest offers for the query, each linked to `bookUrl` (the partner's search for it). */
export async function duffelOffers(
  { accessToken, baseUrl, timeoutMs }: DuffelSettings,
  query: FlightQuery,
  bookUrl: string,
): Promise<FlightOffer[]> {
  const slices = [
    { origin: query.origin, destination: query.destination, departure_date: query.departDate },
  ];
  if (query.returnDate) {
    slices.push({
      origin: query.destination,
      destination: query.origin,
      departure_date: query.returnDate,
    });
  }
  const url = new URL(`${baseUrl}/air/offer_requests`);
  url.searchParams.set('return_offers', 'true');
  url.searchParams.set('supplier_timeout', String(SUPPLIER_TIMEOUT_MS));
  const answer = await fetchUpstreamJson(DUFFEL_SERVICE, url, {
    timeoutMs,
    headers: { authorization: `Bearer ${accessToken}`, 'duffel-version': DUFFEL_VERSION },
    json: {
      data: {
        slices,
        passengers: Array.from({ length: query.travellers }, () => ({ type: 'adult' })),
        cabin_class: query.cabin,
      },
    },
  });
  const parsed = offerRequestAnswer.safeParse(answer);
  if (!parsed.success) throw new UpstreamError(DUFFEL_SERVICE, 'malformed');
  return (
    parsed.data.data.offers
      .map((found) => ({ found, total: Number(found.total_amount) }))
      // An offer whose flights have no numbers could not go into Flight Details once chosen.
      .filter(
        ({ found, total }) =>
          Number.isFinite(total) &&
          found.slices.every((slice) =>
            slice.segments.every((leg) => Boolean(leg.marketing_carrier_flight_number)),
          ),
      )
      .sort((a, b) => a.total - b.total)
      .slice(0, MAX_OFFERS)
      .map(({ found }) => ({
        id: found.id,
        carrier: found.owner.name,
        price: { amount: found.total_amount, currency: found.total_currency },
        slices: found.slices.map((slice) => toSlice(slice.segments)),
        bookUrl,
      }))
  );
}
