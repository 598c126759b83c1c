import type { Cabin, FlightQuery, PartnerLink, StayQuery } from '../../../shared/contracts/search';

/**
 * Link providers (issue #21): each partner's own search, prefilled from the trip's query, built
 * without a network call or a key, so they work offline and always. Bookings happen there
 * (spec §1). An operator may add the affiliate id a partner gave them (spec §9: the Free plan's
 * "affiliate links"); `Affiliates` names them, and the README lists the settings.
 */
export type Affiliates = {
  /** Skyscanner's `associateid` (SKYSCANNER_ASSOCIATE_ID). */
  skyscanner?: string;
  /** Booking.com's `aid` (BOOKING_AFFILIATE_ID). */
  booking?: string;
};

/** 2026-12-20 → 261220, as Skyscanner's paths take dates. */
const yymmdd = (day: string) => day.slice(2).replaceAll('-', '');

const SKYSCANNER_CABINS: Record<Cabin, string> = {
  economy: 'economy',
  premium_economy: 'premiumeconomy',
  business: 'business',
  first: 'first',
};
const KAYAK_CABINS: Record<Cabin, string> = {
  economy: '',
  premium_economy: '/premium',
  business: '/business',
  first: '/first',
};

function withParams(base: string, params: Record<string, string | number | undefined>) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.toString();
}

export function skyscannerFlights(query: FlightQuery, affiliates: Affiliates = {}): PartnerLink {
  const { origin, destination, departDate, returnDate } = query;
  const path = [origin, destination, yymmdd(departDate), returnDate ? yymmdd(returnDate) : null]
    .filter(Boolean)
    .join('/')
    .toLowerCase();
  return {
    partner: 'Skyscanner',
    url: withParams(`https://www.skyscanner.net/transport/flights/${path}/`, {
      adultsv2: query.travellers,
      cabinclass: SKYSCANNER_CABINS[query.cabin],
      rtn: returnDate ? 1 : 0,
      associateid: affiliates.skyscanner,
    }),
  };
}

export function kayakFlights(query: FlightQuery): PartnerLink {
  const { origin, destination, departDate, returnDate } = query;
  const dates = returnDate ? `${departDate}/${returnDate}` : departDate;
  return {
    partner: 'KAYAK',
    url: withParams(
      `https://www.kayak.com/flights/${origin}-${destination}/${dates}${KAYAK_CABINS[query.cabin]}/${query.travellers}adults`,
      { sort: 'bestflight_a' },
    ),
  };
}

export function googleFlights(query: FlightQuery): PartnerLink {
  const { origin, destination, departDate, returnDate } = query;
  const words = [
    `Flights from ${origin} to ${destination} on ${departDate}`,
    returnDate ? `through ${returnDate}` : 'one way',
    `for ${query.travellers} ${query.travellers === 1 ? 'adult' : 'adults'}`,
    query.cabin === 'economy' ? '' : `${query.cabin.replace('_', ' ')} class`,
  ];
  return {
    partner: 'Google Flights',
    url: withParams('https://www.google.com/travel/flights', {
      q: words.filter(Boolean).join(' '),
    }),
  };
}

export function bookingStays(query: StayQuery, affiliates: Affiliates = {}): PartnerLink {
  return {
    partner: 'Booking.com',
    url: withParams('https://www.booking.com/searchresults.html', {
      ss: query.destination,
      checkin: query.checkIn,
      checkout: query.checkOut,
      group_adults: query.guests,
      no_rooms: 1,
      group_children: 0,
      aid: affiliates.booking,
    }),
  };
}

export function airbnbStays(query: StayQuery): PartnerLink {
  return {
    partner: 'Airbnb',
    url: withParams(`https://www.airbnb.com/s/${encodeURIComponent(query.destination)}/homes`, {
      checkin: query.checkIn,
      checkout: query.checkOut,
      adults: query.guests,
    }),
  };
}

/** Every flight partner's search for the query, in the order the widget lists them. */
export function flightLinks(query: FlightQuery, affiliates: Affiliates = {}): PartnerLink[] {
  return [skyscannerFlights(query, affiliates), kayakFlights(query), googleFlights(query)];
}

export function stayLinks(query: StayQuery, affiliates: Affiliates = {}): PartnerLink[] {
  return [bookingStays(query, affiliates), airbnbStays(query)];
}
