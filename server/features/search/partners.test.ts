import { describe, expect, it } from 'vitest';
import { flightQuery, stayQuery } from '../../../shared/contracts/search';
import { flightLinks, stayLinks } from './partners';

const returnTrip = flightQuery.parse({
  origin: 'sin',
  destination: 'DPS',
  departDate: '2026-12-20',
  returnDate: '2027-01-03',
  travellers: 3,
  cabin: 'business',
});
const oneWay = flightQuery.parse({ origin: 'SIN', destination: 'DPS', departDate: '2026-12-20' });
const stay = stayQuery.parse({
  destination: 'Ubud, Bali',
  checkIn: '2026-12-20',
  checkOut: '2027-01-03',
  guests: 4,
});

describe('flight partners', () => {
  it('prefill each partner’s own search: airports, dates, travellers and cabin', () => {
    const [skyscanner, kayak, google] = flightLinks(returnTrip);
    expect(skyscanner).toEqual({
      partner: 'Skyscanner',
      url: 'https://www.skyscanner.net/transport/flights/sin/dps/261220/270103/?adultsv2=3&cabinclass=business&rtn=1',
    });
    expect(kayak).toEqual({
      partner: 'KAYAK',
      url: 'https://www.kayak.com/flights/SIN-DPS/2026-12-20/2027-01-03/business/3adults?sort=bestflight_a',
    });
    expect(google!.partner).toBe('Google Flights');
    expect(new URL(google!.url).searchParams.get('q')).toBe(
      'Flights from SIN to DPS on 2026-12-20 through 2027-01-03 for 3 adults business class',
    );
  });

  it('a one-way economy search leaves the return and the cabin out', () => {
    const [skyscanner, kayak, google] = flightLinks(oneWay);
    expect(skyscanner!.url).toBe(
      'https://www.skyscanner.net/transport/flights/sin/dps/261220/?adultsv2=1&cabinclass=economy&rtn=0',
    );
    expect(kayak!.url).toBe(
      'https://www.kayak.com/flights/SIN-DPS/2026-12-20/1adults?sort=bestflight_a',
    );
    expect(new URL(google!.url).searchParams.get('q')).toBe(
      'Flights from SIN to DPS on 2026-12-20 one way for 1 adult',
    );
  });

  it('adds the operator’s affiliate id where the partner takes one', () => {
    const [skyscanner] = flightLinks(oneWay, { skyscanner: 'tripmates-42' });
    expect(new URL(skyscanner!.url).searchParams.get('associateid')).toBe('tripmates-42');
    const [booking] = stayLinks(stay, { booking: '123456' });
    expect(new URL(booking!.url).searchParams.get('aid')).toBe('123456');
  });
});

describe('stay partners', () => {
  it('prefill the destination, dates and guests', () => {
    const [booking, airbnb] = stayLinks(stay);
    expect(booking).toEqual({
      partner: 'Booking.com',
      url: 'https://www.booking.com/searchresults.html?ss=Ubud%2C+Bali&checkin=2026-12-20&checkout=2027-01-03&group_adults=4&no_rooms=1&group_children=0',
    });
    expect(airbnb).toEqual({
      partner: 'Airbnb',
      url: 'https://www.airbnb.com/s/Ubud%2C%20Bali/homes?checkin=2026-12-20&checkout=2027-01-03&adults=4',
    });
  });
});
