import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  type FlightSearch,
  SEARCH_MESSAGES,
  type StaySearch,
  type TripSearches,
} from '../../../shared/contracts/search';
import { createAccount, createTrip } from '../../test/factories';
import {
  FAILING_AIRPORT,
  type FakeDuffel,
  NO_OFFERS_AIRPORT,
  SLOW_AIRPORT,
  startFakeDuffel,
} from '../../test/fakes/duffelUpstream';
import { connectLive, joinTrip, type LiveClient, nextEvent, savedIn } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let duffel: FakeDuffel;
let priced: TestApp;
let linksOnly: TestApp;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  duffel = await startFakeDuffel({ slowMs: 1500 });
  priced = await startTestApp({ env: { ...duffel.env(), DUFFEL_TIMEOUT_MS: '500' } });
  linksOnly = await startTestApp({
    env: { SKYSCANNER_ASSOCIATE_ID: 'tm-aff', BOOKING_AFFILIATE_ID: '777' },
  });
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.disconnect();
});
afterAll(async () => {
  await priced?.close();
  await linksOnly?.close();
  await duffel?.close();
});

async function tripWithTwo(t: TestApp) {
  const owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
  const member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  const outsider = await createAccount(t);
  const tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
  return { owner, member, outsider, tripId };
}

const flights = (tripId: string) => `/api/trips/${tripId}/searches/flights`;
const stays = (tripId: string) => `/api/trips/${tripId}/searches/stays`;

describe('flight search with Duffel', () => {
  it('answers the cheapest offers first, normalised, with local times and the partners', async () => {
    const { member, tripId } = await tripWithTwo(priced);
    const res = await member.client.post<FlightSearch>(flights(tripId), {
      origin: 'cgk',
      destination: 'DPS',
      departDate: inDays(30),
      returnDate: inDays(44),
      travellers: 2,
      cabin: 'premium_economy',
    });
    expect(res.status).toBe(200);
    const search = res.body;
    expect(search).toMatchObject({
      kind: 'flights',
      tripId,
      source: 'priced',
      ranBy: { id: member.id, name: 'Bruno Costa' },
      query: { origin: 'CGK', destination: 'DPS', travellers: 2, cabin: 'premium_economy' },
    });
    expect(search.offers.map((offer) => [offer.id, offer.price])).toEqual([
      ['off_via', { amount: '490.00', currency: 'USD' }],
      ['off_direct', { amount: '636.40', currency: 'USD' }],
      ['off_late', { amount: '825.00', currency: 'USD' }],
    ]);
    const [via] = search.offers;
    expect(via!.carrier).toBe('Duffel Airways');
    expect(via!.slices[0]).toEqual({
      origin: 'CGK',
      destination: 'DPS',
      departAt: `${inDays(30)}T07:00:00+07:00`,
      arriveAt: `${inDays(30)}T13:35:00+08:00`,
      stops: 1,
      flightNumbers: ['ZZ 100', 'ZZ 200'],
    });
    expect(via!.slices[1]).toMatchObject({ origin: 'DPS', destination: 'CGK', stops: 1 });
    expect(via!.bookUrl).toBe(search.links[0]!.url);
    expect(search.links.map((link) => link.partner)).toEqual([
      'Skyscanner',
      'KAYAK',
      'Google Flights',
    ]);
    // What Duffel was asked, as its API takes it.
    const call = duffel.calls.at(-1)!;
    expect(call.query).toMatchObject({ return_offers: 'true' });
    expect(call.body.data).toEqual({
      slices: [
        { origin: 'CGK', destination: 'DPS', departure_date: inDays(30) },
        { origin: 'DPS', destination: 'CGK', departure_date: inDays(44) },
      ],
      passengers: [{ type: 'adult' }, { type: 'adult' }],
      cabin_class: 'premium_economy',
    });
  });

  it('asks Duffel once for the same query within a few minutes', async () => {
    const { member, tripId } = await tripWithTwo(priced);
    const query = { origin: 'SIN', destination: 'LHR', departDate: inDays(60) };
    const before = duffel.calls.length;
    await member.client.post(flights(tripId), query);
    await member.client.post(flights(tripId), query);
    expect(duffel.calls.length - before).toBe(1);
  });

  it('an empty answer is a search with no offers, not an error', async () => {
    const { member, tripId } = await tripWithTwo(priced);
    const res = await member.client.post<FlightSearch>(flights(tripId), {
      origin: 'SIN',
      destination: NO_OFFERS_AIRPORT,
      departDate: inDays(10),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'priced', offers: [] });
    expect(res.body.links).toHaveLength(3);
  });

  it.each([
    ['down', FAILING_AIRPORT],
    ['too slow', SLOW_AIRPORT],
  ])('Duffel %s answers 502 with a message, and keeps the last search', async (_, airport) => {
    const { member, tripId } = await tripWithTwo(priced);
    await member.client.post(flights(tripId), {
      origin: 'SIN',
      destination: 'DPS',
      departDate: inDays(9),
    });
    const res = await member.client.post<ErrorResponse>(flights(tripId), {
      origin: 'SIN',
      destination: airport,
      departDate: inDays(10),
    });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'upstream_unavailable',
      message: SEARCH_MESSAGES.providerDown,
    });
    const kept = await member.client.get<TripSearches>(`/api/trips/${tripId}/searches`);
    expect(kept.body.flights?.query.destination).toBe('DPS');
  });
});

describe('without a Duffel token', () => {
  it('answers the partners’ searches, with the operator’s affiliate ids, and no prices', async () => {
    const { owner, tripId } = await tripWithTwo(linksOnly);
    const res = await owner.client.post<FlightSearch>(flights(tripId), {
      origin: 'SIN',
      destination: 'DPS',
      departDate: inDays(5),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'links', offers: [] });
    expect(new URL(res.body.links[0]!.url).searchParams.get('associateid')).toBe('tm-aff');
  });

  it('searches stays as partner links', async () => {
    const { owner, tripId } = await tripWithTwo(linksOnly);
    const res = await owner.client.post<StaySearch>(stays(tripId), {
      destination: '  Ubud ',
      checkIn: inDays(5),
      checkOut: inDays(9),
      guests: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'stays',
      query: { destination: 'Ubud', guests: 3 },
      ranBy: { id: owner.id, name: 'Ana Lima' },
    });
    expect(res.body.links.map((link) => link.partner)).toEqual(['Booking.com', 'Airbnb']);
    expect(new URL(res.body.links[0]!.url).searchParams.get('aid')).toBe('777');
  });
});

describe('from each person’s airport', () => {
  it('reads the same search from each member’s home airport, as partner links', async () => {
    const { owner, member, tripId } = await tripWithTwo(linksOnly);
    await owner.client.patch('/api/user', { homeAirport: 'SIN' });
    await member.client.patch('/api/user', { homeAirport: 'CGK' });
    const res = await member.client.post<FlightSearch>(flights(tripId), {
      origin: 'CGK',
      destination: 'DPS',
      departDate: inDays(5),
      travellers: 2,
    });
    // The member's own airport is the search's origin: only the owner's is another reading.
    expect(res.body.fromHomes).toHaveLength(1);
    expect(res.body.fromHomes[0]).toMatchObject({
      member: { id: owner.id, name: 'Ana Lima' },
      origin: 'SIN',
    });
    expect(res.body.fromHomes[0]!.links[0]!.url).toContain('/transport/flights/sin/dps/');
  });
});

describe('the trip’s searches', () => {
  it('keep the latest of each kind for everyone on the trip, and tell the others live', async () => {
    const { owner, member, tripId } = await tripWithTwo(linksOnly);
    const empty = await member.client.get<TripSearches>(`/api/trips/${tripId}/searches`);
    expect(empty.body).toEqual({ flights: null, stays: null });

    const tab = await connectLive(linksOnly.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);
    const seen = nextEvent(tab, 'change', savedIn('searches'));
    const ran = await member.client.post<FlightSearch>(flights(tripId), {
      origin: 'SIN',
      destination: 'DPS',
      departDate: inDays(5),
    });
    expect((await seen).change).toEqual({ type: 'item:saved', list: 'searches', item: ran.body });

    await member.client.post(flights(tripId), {
      origin: 'CGK',
      destination: 'DPS',
      departDate: inDays(6),
    });
    const both = await owner.client.get<TripSearches>(`/api/trips/${tripId}/searches`);
    expect(both.body.flights?.query.origin).toBe('CGK');
    expect(both.body.stays).toBeNull();
  });

  it('refuse a non-member with 404', async () => {
    const { outsider, tripId } = await tripWithTwo(linksOnly);
    const answers = [
      await outsider.client.get(`/api/trips/${tripId}/searches`),
      await outsider.client.post(flights(tripId), {
        origin: 'SIN',
        destination: 'DPS',
        departDate: inDays(5),
      }),
      await outsider.client.post(stays(tripId), {
        destination: 'Ubud',
        checkIn: inDays(5),
        checkOut: inDays(6),
      }),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404]);
  });

  it.each([
    [{ origin: 'SINGAPORE', destination: 'DPS', departDate: inDays(5) }, SEARCH_MESSAGES.airport],
    [{ origin: 'DPS', destination: 'dps', departDate: inDays(5) }, SEARCH_MESSAGES.sameAirports],
    [{ origin: 'SIN', destination: 'DPS', departDate: '2026-02-30' }, SEARCH_MESSAGES.date],
    [
      { origin: 'SIN', destination: 'DPS', departDate: inDays(5), returnDate: inDays(4) },
      SEARCH_MESSAGES.returnBeforeDeparture,
    ],
    [{ origin: 'SIN', destination: 'DPS', departDate: inDays(-3) }, SEARCH_MESSAGES.past],
    [
      { origin: 'SIN', destination: 'DPS', departDate: inDays(5), travellers: 10 },
      SEARCH_MESSAGES.travellers,
    ],
    [
      { origin: 'SIN', destination: 'DPS', departDate: inDays(5), cabin: 'cargo' },
      SEARCH_MESSAGES.cabin,
    ],
  ])('refuse the flight query %j with 400 and "%s"', async (body, message) => {
    const { member, tripId } = await tripWithTwo(linksOnly);
    const res = await member.client.post<ErrorResponse>(flights(tripId), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(message),
    });
  });

  it.each([
    [{ destination: ' ', checkIn: inDays(5), checkOut: inDays(6) }, SEARCH_MESSAGES.destination],
    [
      { destination: 'Ubud', checkIn: inDays(5), checkOut: inDays(5) },
      SEARCH_MESSAGES.checkOutBeforeCheckIn,
    ],
    [
      { destination: 'Ubud', checkIn: inDays(5), checkOut: inDays(100) },
      SEARCH_MESSAGES.tooManyNights,
    ],
    [
      { destination: 'Ubud', checkIn: inDays(5), checkOut: inDays(6), guests: 0 },
      SEARCH_MESSAGES.guests,
    ],
  ])('refuse the stay query %j with 400 and "%s"', async (body, message) => {
    const { member, tripId } = await tripWithTwo(linksOnly);
    const res = await member.client.post<ErrorResponse>(stays(tripId), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(message),
    });
  });
});
