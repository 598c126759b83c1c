import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { Flight } from '../../../shared/contracts/flights';
import { type ApiClient, apiClient } from '../../test/apiClient';
import { itTakesClientIds } from '../../test/clientIds';
import { createAccount, createTrip } from '../../test/factories';
import { openApiDocument } from '../../test/openApi';
import { startTestApp, type TestApp } from '../../test/testApp';
import { flights } from './tables';

let t: TestApp;
let owner: ApiClient;
let member: ApiClient;
let outsider: ApiClient;
let ownerId: string;
let memberId: string;
let outsiderId: string;
let tripId: string;
let outsidersTripId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ client: owner, id: ownerId } = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' }));
  ({ client: member, id: memberId } = await createAccount(t, {
    firstName: 'Made',
    lastName: 'Wira',
  }));
  ({ client: outsider, id: outsiderId } = await createAccount(t));
  tripId = (await createTrip(t.database.db, ownerId, { memberIds: [memberId] })).id;
  outsidersTripId = (await createTrip(t.database.db, outsiderId)).id;
});
afterAll(() => t.close());

// Singapore → Bali, both UTC+8: 2h 45m.
const sample = (overrides: Record<string, unknown> = {}) => ({
  flightNumber: 'SQ938',
  departureAirport: 'SIN',
  departureTime: '2026-12-20T08:30:00+08:00',
  arrivalAirport: 'DPS',
  arrivalTime: '2026-12-20T11:15:00+08:00',
  stops: 0,
  ...overrides,
});

async function addFlight(overrides: Record<string, unknown> = {}, trip = tripId, as = owner) {
  const res = await as.post<Flight>(`/api/trips/${trip}/flights`, sample(overrides));
  expect(res.status).toBe(201);
  return res.body;
}

async function storedFlight(id: string) {
  const [row] = await t.database.db.select().from(flights).where(eq(flights.id, id));
  return row;
}

const NOT_A_MEMBER_MESSAGE = 'The traveller must be a member of this trip';
const ORDER_MESSAGE = 'The arrival must be after the departure';

describe('POST /api/trips/:tripId/flights', () => {
  it('adds a flight, normalised, with its duration and no traveller', async () => {
    const res = await owner.post<Flight>(`/api/trips/${tripId}/flights`, {
      flightNumber: '  ga 401 ',
      departureAirport: ' sin',
      departureTime: '2026-12-20T08:30:00+08:00',
      arrivalAirport: 'dps ',
      arrivalTime: '2026-12-20T11:15:00+08:00',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      tripId,
      flightNumber: 'GA 401',
      departureAirport: 'SIN',
      departureTime: '2026-12-20T08:30:00+08:00',
      arrivalAirport: 'DPS',
      arrivalTime: '2026-12-20T11:15:00+08:00',
      stops: 0,
      durationMinutes: 165,
      duration: '2h 45m',
      traveller: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await storedFlight(res.body.id)).toMatchObject({
      tripId,
      flightNumber: 'GA 401',
      travellerId: null,
    });
  });

  it('keeps each time in its own offset and derives the duration across them', async () => {
    // 22:00 at UTC+1 is 21:00Z; 06:10 the next day at UTC+7 is 23:10Z.
    const created = await addFlight({
      flightNumber: 'EK 368',
      departureAirport: 'FRA',
      departureTime: '2026-12-20T22:00:00+01:00',
      arrivalAirport: 'BKK',
      arrivalTime: '2026-12-21T06:10:00+07:00',
      stops: 1,
    });
    expect(created).toMatchObject({
      departureTime: '2026-12-20T22:00:00+01:00',
      arrivalTime: '2026-12-21T06:10:00+07:00',
      durationMinutes: 130,
      duration: '2h 10m',
      stops: 1,
    });
    // Z is an offset too.
    expect(
      await addFlight({
        departureTime: '2026-12-22T01:00:00Z',
        arrivalTime: '2026-12-22T13:00:00+08:00',
      }),
    ).toMatchObject({ departureTime: '2026-12-22T01:00:00Z', duration: '4h' });
  });

  it('names the traveller when one is given, by name or else username', async () => {
    const created = await addFlight({ travellerId: memberId });
    expect(created.traveller).toEqual({ id: memberId, name: 'Made Wira' });

    const { client: nameless, id: namelessId } = await createAccount(t, {
      firstName: null,
      lastName: null,
    });
    const trip = await createTrip(t.database.db, ownerId, { memberIds: [namelessId] });
    const own = await addFlight({ travellerId: namelessId }, trip.id, nameless);
    const username = (await nameless.get<CurrentUser>('/api/user')).body.username;
    expect(own.traveller).toEqual({ id: namelessId, name: username });
  });

  it('ignores a trip id in the body: the flight goes to the trip of the address', async () => {
    const created = await addFlight({ tripId: outsidersTripId });
    expect(created.tripId).toBe(tripId);
  });

  it.each([
    ['no body', undefined, /empty/],
    ['an array', [sample()], /./],
    ['no flight number', sample({ flightNumber: undefined }), /flight number.*\(flightNumber\)/],
    ['a blank flight number', sample({ flightNumber: '   ' }), /flight number/],
    ['a numeric flight number', sample({ flightNumber: 938 }), /flight number/],
    ['a one-character flight number', sample({ flightNumber: 'G' }), /flight number/],
    ['a flight number with symbols', sample({ flightNumber: 'GA-401' }), /flight number/],
    ['a flight number with two spaces', sample({ flightNumber: 'GA  401' }), /flight number/],
    ['nine characters without a space', sample({ flightNumber: 'GA4011234' }), /flight number/],
    ['an oversized flight number', sample({ flightNumber: 'G'.repeat(5000) }), /at most 10/],
    ['no departure airport', sample({ departureAirport: undefined }), /3-letter airport code/],
    ['a city for an airport', sample({ departureAirport: 'Denpasar' }), /3-letter airport code/],
    [
      'a 4-letter ICAO code',
      sample({ arrivalAirport: 'WADD' }),
      /3-letter airport code, like DPS \(arrivalAirport\)/,
    ],
    ['digits for an airport', sample({ arrivalAirport: 'D9S' }), /3-letter airport code/],
    ['an airport that is not text', sample({ arrivalAirport: ['DPS'] }), /3-letter airport code/],
    ['no departure time', sample({ departureTime: undefined }), /UTC offset.*\(departureTime\)/],
    ['a time without an offset', sample({ departureTime: '2026-12-20T08:30:00' }), /UTC offset/],
    ['a date without a time', sample({ arrivalTime: '2026-12-20' }), /UTC offset.*\(arrivalTime\)/],
    ['an impossible date', sample({ departureTime: '2026-02-30T08:30:00+08:00' }), /UTC offset/],
    ['an impossible offset', sample({ departureTime: '2026-12-20T08:30:00+25:00' }), /UTC offset/],
    ['a number for a time', sample({ arrivalTime: 1797726600000 }), /UTC offset/],
    ['words for a time', sample({ arrivalTime: 'tomorrow morning' }), /UTC offset/],
    [
      'an oversized time',
      sample({ arrivalTime: `2026-12-20T11:15:00.${'1'.repeat(5000)}Z` }),
      /UTC offset/,
    ],
    [
      'an arrival before the departure',
      sample({ arrivalTime: '2026-12-20T07:00:00+08:00' }),
      /^The arrival must be after the departure \(arrivalTime\)$/,
    ],
    [
      'an arrival at the departure instant, in another zone',
      sample({ arrivalTime: '2026-12-20T00:30:00Z' }),
      /arrival must be after the departure/,
    ],
    [
      'a later wall clock that is an earlier instant',
      sample({ arrivalTime: '2026-12-20T09:00:00+10:00' }),
      /arrival must be after the departure/,
    ],
    ['negative stops', sample({ stops: -1 }), /whole number from 0 to 5 \(stops\)/],
    ['six stops', sample({ stops: 6 }), /whole number from 0 to 5/],
    ['fractional stops', sample({ stops: 1.5 }), /whole number from 0 to 5/],
    ['stops as text', sample({ stops: '1' }), /whole number from 0 to 5/],
    ['a traveller id that is not text', sample({ travellerId: 42 }), /member of this trip/],
  ])('refuses %s with a clear 400', async (_name, body, message) => {
    const res = await owner.post<ErrorResponse>(
      `/api/trips/${tripId}/flights`,
      body,
      body === undefined ? { 'content-type': 'application/json' } : {},
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a traveller who is not a member of the trip', async () => {
    for (const travellerId of [
      outsiderId,
      '00000000-0000-4000-8000-000000000000',
      'not-a-user-id',
    ]) {
      const res = await owner.post<ErrorResponse>(
        `/api/trips/${tripId}/flights`,
        sample({ travellerId }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_A_MEMBER_MESSAGE);
    }
  });
});

describe('GET /api/trips/:tripId/flights', () => {
  it('lists flights by departure instant, not by how the times read', async () => {
    const { id: travellerId, client } = await createAccount(t, {
      firstName: 'Kadek',
      lastName: 'Sari',
    });
    const trip = await createTrip(t.database.db, travellerId);
    const add = (flightNumber: string, departureTime: string, arrivalTime: string) =>
      addFlight({ flightNumber, departureTime, arrivalTime }, trip.id, client);
    // As text these sort C, B, A; as instants A (01:00Z), B (03:00Z), C (04:30Z).
    await add('BB 2', '2026-12-20T03:00:00Z', '2026-12-20T05:00:00Z');
    await add('CC 3', '2026-12-19T23:30:00-05:00', '2026-12-20T09:00:00Z');
    await add('AA 1', '2026-12-20T09:00:00+08:00', '2026-12-20T02:00:00Z');
    const res = await client.get<Flight[]>(`/api/trips/${trip.id}/flights`);
    expect(res.status).toBe(200);
    expect(res.body.map((flight) => flight.flightNumber)).toEqual(['AA 1', 'BB 2', 'CC 3']);
  });

  it('shows every member the same flights, with duration and traveller', async () => {
    const created = await addFlight({ flightNumber: 'QZ 510', travellerId: ownerId });
    const asOwner = await owner.get<Flight[]>(`/api/trips/${tripId}/flights`);
    const asMember = await member.get<Flight[]>(`/api/trips/${tripId}/flights`);
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual(asOwner.body);
    expect(asMember.body).toContainEqual(created);
    expect(created).toMatchObject({
      duration: '2h 45m',
      traveller: { id: ownerId, name: 'Ana Lima' },
    });
  });

  it('gives an empty list for a trip without flights', async () => {
    const { id, client } = await createAccount(t);
    const trip = await createTrip(t.database.db, id);
    const res = await client.get<Flight[]>(`/api/trips/${trip.id}/flights`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('PATCH /api/flights/:id', () => {
  it('changes only what is sent, and any member may edit', async () => {
    const created = await addFlight();
    const res = await member.patch<Flight>(`/api/flights/${created.id}`, {
      flightNumber: ' sq 940',
      stops: 2,
      arrivalTime: '2026-12-20T12:00:00+08:00',
      travellerId: memberId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      flightNumber: 'SQ 940',
      stops: 2,
      arrivalTime: '2026-12-20T12:00:00+08:00',
      durationMinutes: 210,
      duration: '3h 30m',
      traveller: { id: memberId, name: 'Made Wira' },
    });
    // The owner sees the member's edit.
    const list = await owner.get<Flight[]>(`/api/trips/${tripId}/flights`);
    expect(list.body).toContainEqual(res.body);

    // null makes it the group's flight again.
    const cleared = await owner.patch<Flight>(`/api/flights/${created.id}`, {
      travellerId: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.traveller).toBeNull();
    expect((await storedFlight(created.id))?.travellerId).toBeNull();
  });

  it('checks a single new time against the stored other one', async () => {
    const created = await addFlight();
    const late = await owner.patch<ErrorResponse>(`/api/flights/${created.id}`, {
      departureTime: '2026-12-20T12:00:00+08:00',
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(ORDER_MESSAGE);
    const early = await owner.patch<ErrorResponse>(`/api/flights/${created.id}`, {
      arrivalTime: '2026-12-20T00:30:00Z',
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(ORDER_MESSAGE);
    expect(await storedFlight(created.id)).toMatchObject({
      departureTime: '2026-12-20T08:30:00+08:00',
      arrivalTime: '2026-12-20T11:15:00+08:00',
    });
  });

  it('moves both times together, even past the stored arrival', async () => {
    const created = await addFlight();
    const res = await owner.patch<Flight>(`/api/flights/${created.id}`, {
      departureTime: '2026-12-21T08:30:00+08:00',
      arrivalTime: '2026-12-21T10:40:00+08:00',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ duration: '2h 10m', durationMinutes: 130 });
  });

  it('cannot move a flight to another trip', async () => {
    const created = await addFlight();
    const res = await owner.patch<Flight>(`/api/flights/${created.id}`, {
      tripId: outsidersTripId,
      stops: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.tripId).toBe(tripId);
    expect((await storedFlight(created.id))?.tripId).toBe(tripId);
  });

  it.each([
    ['no body', undefined, /empty/],
    ['an empty object', {}, /^Nothing to change/],
    [
      'only unknown fields',
      { tripId: '00000000-0000-4000-8000-000000000000' },
      /^Nothing to change/,
    ],
    ['a blank flight number', { flightNumber: ' ' }, /flight number/],
    ['a bad airport code', { departureAirport: 'Bali' }, /3-letter airport code/],
    ['a time without an offset', { arrivalTime: '2026-12-20T11:15' }, /UTC offset/],
    [
      'both times in the wrong order',
      { departureTime: '2026-12-20T11:15:00+08:00', arrivalTime: '2026-12-20T08:30:00+08:00' },
      /arrival must be after the departure/,
    ],
    ['seven stops', { stops: 7 }, /whole number from 0 to 5/],
    ['a traveller id that is not a user id', { travellerId: 'Made' }, /member of this trip/],
  ])('refuses %s with a clear 400', async (_name, body, message) => {
    const created = await addFlight();
    // An empty JSON body is "no body" (platform/jsonBody.ts).
    const res = await owner.patch<ErrorResponse>(`/api/flights/${created.id}`, body ?? '');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await storedFlight(created.id)).toMatchObject({ flightNumber: 'SQ938', stops: 0 });
  });

  it('refuses a traveller who is not a member of the trip', async () => {
    const created = await addFlight();
    const res = await owner.patch<ErrorResponse>(`/api/flights/${created.id}`, {
      travellerId: outsiderId,
      stops: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NOT_A_MEMBER_MESSAGE);
    expect(await storedFlight(created.id)).toMatchObject({ travellerId: null, stops: 0 });
  });
});

describe('DELETE /api/flights/:id', () => {
  it('lets any member delete a flight, which is then gone', async () => {
    const created = await addFlight();
    const res = await member.delete<OkResponse>(`/api/flights/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const list = await owner.get<Flight[]>(`/api/trips/${tripId}/flights`);
    expect(list.body.map((flight) => flight.id)).not.toContain(created.id);
    expect((await owner.delete(`/api/flights/${created.id}`)).status).toBe(404);
    expect((await owner.patch(`/api/flights/${created.id}`, { stops: 1 })).status).toBe(404);
  });
});

describe('access', () => {
  it('answers 404 to anyone not on the trip, and changes nothing', async () => {
    const created = await addFlight();
    const list = await outsider.get<ErrorResponse>(`/api/trips/${tripId}/flights`);
    expect(list.status).toBe(404);
    expect(list.body.message).toBe('No such trip');
    const add = await outsider.post<ErrorResponse>(`/api/trips/${tripId}/flights`, sample());
    expect(add.status).toBe(404);
    expect(add.body.message).toBe('No such trip');
    const edit = await outsider.patch<ErrorResponse>(`/api/flights/${created.id}`, { stops: 3 });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('No such flight');
    const remove = await outsider.delete<ErrorResponse>(`/api/flights/${created.id}`);
    expect(remove.status).toBe(404);
    expect(remove.body.message).toBe('No such flight');
    expect(await storedFlight(created.id)).toMatchObject({ stops: 0 });
    // Nor can a member of this trip reach the outsider's flights.
    const theirs = await addFlight({}, outsidersTripId, outsider);
    expect((await owner.patch(`/api/flights/${theirs.id}`, { stops: 1 })).status).toBe(404);
    expect((await member.delete(`/api/flights/${theirs.id}`)).status).toBe(404);
    expect((await owner.get(`/api/trips/${outsidersTripId}/flights`)).status).toBe(404);
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])(
    'answers 404 "No such flight" for the id %s',
    async (id) => {
      const edit = await owner.patch<ErrorResponse>(`/api/flights/${id}`, { stops: 1 });
      expect(edit.status).toBe(404);
      expect(edit.body.message).toBe('No such flight');
      const remove = await owner.delete<ErrorResponse>(`/api/flights/${id}`);
      expect(remove.status).toBe(404);
      expect(remove.body.message).toBe('No such flight');
    },
  );

  it('answers 404 for a trip id that cannot exist', async () => {
    expect((await owner.get('/api/trips/not-a-uuid/flights')).status).toBe(404);
    expect((await owner.post('/api/trips/not-a-uuid/flights', sample())).status).toBe(404);
  });

  it('answers 401 when signed out', async () => {
    const created = await addFlight();
    const visitor = apiClient(t.url);
    expect((await visitor.get(`/api/trips/${tripId}/flights`)).status).toBe(401);
    expect((await visitor.post(`/api/trips/${tripId}/flights`, sample())).status).toBe(401);
    expect((await visitor.patch(`/api/flights/${created.id}`, { stops: 1 })).status).toBe(401);
    expect((await visitor.delete(`/api/flights/${created.id}`)).status).toBe(401);
  });
});

itTakesClientIds(() => t, {
  list: 'flights',
  table: flights,
  add: (_cast, who, trip, id) => who.client.post(`/api/trips/${trip}/flights`, sample({ id })),
});

it('documents the flight routes in the OpenAPI description', async () => {
  const doc = await openApiDocument(t.url);
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/trips/{tripId}/flights', '/api/flights/{id}']),
  );
  const body =
    doc.paths['/api/trips/{tripId}/flights']!.post!.requestBody!.content['application/json']!;
  expect(body.schema.required).toEqual(
    expect.arrayContaining(['flightNumber', 'departureAirport', 'departureTime', 'arrivalTime']),
  );
});
