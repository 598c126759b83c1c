import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { TIME_ZONE_MESSAGE, type Trip } from '../../../shared/contracts/trips';
import { createAccount, createAccountWithFirstTrip } from '../../test/factories';
import {
  type FakeWeatherUpstream,
  startFakeWeatherUpstream,
} from '../../test/fakes/weatherUpstream';
import { startTestApp, type TestApp } from '../../test/testApp';
import { NO_ZONE, zoneChanges } from './tripZone';

// Issue #37: a trip's time zone, chosen by its owner or else its destination's (the geocoder of
// the weather widget, played here by the local fake: Denpasar, two Portlands, nothing else).

let fake: FakeWeatherUpstream;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWeatherUpstream();
  t = await startTestApp({ env: fake.env() });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.setMode('ok'));

const DATES = { startDate: '2031-04-01', endDate: '2031-04-10' };

async function newTrip(body: Record<string, unknown>) {
  const { client } = await createAccount(t, { plan: 'pro' });
  const created = await client.post<Trip>('/api/trips', { name: 'Away', ...DATES, ...body });
  expect(created.status).toBe(201);
  return { client, trip: created.body };
}

describe("a trip's time zone", () => {
  it("is the first trip's Bali zone from sign-up, without asking the geocoder", async () => {
    const before = fake.callsTo('geocoding').length;
    const { client, trip } = await createAccountWithFirstTrip(t);
    const read = await client.get<Trip>(`/api/trips/${trip.id}`);
    expect(read.body.timeZone).toBe('Asia/Makassar');
    expect(fake.callsTo('geocoding')).toHaveLength(before);
  });

  it('is taken from the destination when a trip is made, choosing among places by country', async () => {
    const maine = await newTrip({ destination: 'Portland, Maine' });
    expect(maine.trip.timeZone).toBe('America/New_York');
    const bali = await newTrip({ destination: 'Denpasar' });
    expect(bali.trip.timeZone).toBe('Asia/Makassar');
    expect((await bali.client.get<Trip>(`/api/trips/${bali.trip.id}`)).body.timeZone).toBe(
      'Asia/Makassar',
    );
  });

  it('is none for a place the geocoder does not know, for no destination, or while it is down', async () => {
    expect((await newTrip({ destination: 'Atlantis' })).trip.timeZone).toBeNull();
    const before = fake.callsTo('geocoding').length;
    expect((await newTrip({ destination: null })).trip.timeZone).toBeNull();
    expect(fake.callsTo('geocoding')).toHaveLength(before);
    fake.setMode('down', 'geocoding');
    const created = await newTrip({ destination: 'Portland, Oregon' });
    expect(created.trip.timeZone).toBeNull();
  });

  it('follows a new destination until a person chooses one, which then stays', async () => {
    const { client, trip } = await newTrip({ destination: 'Denpasar' });
    const url = `/api/trips/${trip.id}`;

    const moved = await client.patch<Trip>(url, { destination: 'Portland, Oregon' });
    expect(moved.status).toBe(200);
    expect(moved.body.timeZone).toBe('America/Los_Angeles');

    const chosen = await client.patch<Trip>(url, { timeZone: 'Europe/Lisbon' });
    expect(chosen.body.timeZone).toBe('Europe/Lisbon');
    const calls = fake.callsTo('geocoding').length;
    const movedAgain = await client.patch<Trip>(url, { destination: 'Denpasar' });
    expect(movedAgain.body).toMatchObject({ destination: 'Denpasar', timeZone: 'Europe/Lisbon' });
    // Nothing to follow, so nothing was asked.
    expect(fake.callsTo('geocoding')).toHaveLength(calls);

    // Unchosen (null), the trip follows its destination again from its next move.
    const unchosen = await client.patch<Trip>(url, { timeZone: null });
    expect(unchosen.body.timeZone).toBeNull();
    const followed = await client.patch<Trip>(url, { destination: 'Portland, Maine' });
    expect(followed.body.timeZone).toBe('America/New_York');
  });

  it('stays as it was when the destination changes while the geocoder is down, and goes with the destination', async () => {
    const { client, trip } = await newTrip({ destination: 'Denpasar' });
    const url = `/api/trips/${trip.id}`;
    fake.setMode('down', 'geocoding');
    // A place not asked before (answers are kept for a day).
    const moved = await client.patch<Trip>(url, { destination: 'Portland, US' });
    expect(moved.body).toMatchObject({ destination: 'Portland, US', timeZone: 'Asia/Makassar' });
    fake.setMode('ok');
    const cleared = await client.patch<Trip>(url, { destination: '' });
    expect(cleared.body).toMatchObject({ destination: null, timeZone: null });
  });

  it('keeps its zone when a change leaves the destination as it is', async () => {
    const { client, trip } = await newTrip({ destination: 'Denpasar' });
    const calls = fake.callsTo('geocoding').length;
    const renamed = await client.patch<Trip>(`/api/trips/${trip.id}`, {
      name: 'Still Bali',
      destination: '  Denpasar ',
    });
    expect(renamed.body.timeZone).toBe('Asia/Makassar');
    expect(fake.callsTo('geocoding')).toHaveLength(calls);
  });

  it('can be chosen when the trip is made, over the destination’s', async () => {
    const { trip } = await newTrip({ destination: 'Denpasar', timeZone: 'Asia/Tokyo' });
    expect(trip.timeZone).toBe('Asia/Tokyo');
  });

  it('must be a zone Intl knows, kept in its listed letter case', async () => {
    const { client, trip } = await newTrip({ destination: null });
    const url = `/api/trips/${trip.id}`;
    for (const bad of ['Mars/Olympus_Mons', '+08:00', 'GMT+8 please', '', 'x'.repeat(65), 42]) {
      const refused = await client.patch<ErrorResponse>(url, { timeZone: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.message).toBe(`${TIME_ZONE_MESSAGE} (timeZone)`);
    }
    const cased = await client.patch<Trip>(url, { timeZone: 'america/sao_paulo' });
    expect(cased.body.timeZone).toBe('America/Sao_Paulo');
    const refusedOnCreate = await client.post<ErrorResponse>('/api/trips', {
      name: 'Nowhere',
      ...DATES,
      timeZone: 'Nowhere/Land',
    });
    expect(refusedOnCreate.status).toBe(400);
  });
});

describe('zoneChanges', () => {
  const followed = { destination: 'Denpasar', timeZone: 'Asia/Makassar', timeZoneChosen: false };
  const chosen = { ...followed, timeZone: 'Europe/Lisbon', timeZoneChosen: true };

  it('takes a zone sent as chosen, and null as un-chosen', () => {
    expect(zoneChanges(followed, { timeZone: 'Asia/Tokyo' }, undefined)).toEqual({
      timeZone: 'Asia/Tokyo',
      timeZoneChosen: true,
    });
    expect(zoneChanges(chosen, { timeZone: null }, undefined)).toEqual({
      timeZone: null,
      timeZoneChosen: false,
    });
  });

  it("moves a zone nobody chose with the destination, and never a person's", () => {
    expect(zoneChanges(followed, { destination: 'Tokyo' }, 'Asia/Tokyo')).toEqual({
      timeZone: 'Asia/Tokyo',
    });
    expect(zoneChanges(followed, { destination: 'Atlantis' }, null)).toEqual({ timeZone: null });
    expect(zoneChanges(followed, { destination: 'Tokyo' }, undefined)).toEqual({});
    expect(zoneChanges(followed, { destination: null }, undefined)).toEqual({ timeZone: null });
    expect(zoneChanges(chosen, { destination: 'Tokyo' }, 'Asia/Tokyo')).toEqual({});
    expect(zoneChanges(followed, { name: 'x' } as never, 'Asia/Tokyo')).toEqual({});
    expect(zoneChanges(NO_ZONE, { destination: 'Tokyo' }, 'Asia/Tokyo')).toEqual({
      timeZone: 'Asia/Tokyo',
    });
  });
});
