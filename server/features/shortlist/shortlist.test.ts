import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { type Flight, MAX_FLIGHTS_PER_TRIP } from '../../../shared/contracts/flights';
import type { FlightSearch, StaySearch } from '../../../shared/contracts/search';
import {
  SHORTLIST_MESSAGES,
  type ShortlistOption,
  shortlistLeader,
} from '../../../shared/contracts/shortlist';
import { tripActivity } from '../../platform/db/schema';
import { itTakesClientIds } from '../../test/clientIds';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { type FakeDuffel, startFakeDuffel } from '../../test/fakes/duffelUpstream';
import { startListingSite } from '../../test/fakes/listingSite';
import {
  collect,
  connectLive,
  joinTrip,
  type LiveClient,
  nextEvent,
  removedFrom,
  savedIn,
} from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { flights } from '../flights/tables';
import { shortlistOptions, shortlistVotes } from './tables';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let t: TestApp;
let duffel: FakeDuffel;
let site: Awaited<ReturnType<typeof startListingSite>>;
let owner: Account;
let member: Account;
let other: Account;
let outsider: Account;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  duffel = await startFakeDuffel();
  site = await startListingSite();
  t = await startTestApp({ env: { ...duffel.env(), LINK_PREVIEW_ALLOW_LOOPBACK: 'true' } });
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  other = await createAccount(t, { firstName: 'Chen', lastName: 'Wei' });
  outsider = await createAccount(t);
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.disconnect();
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
  await site?.close();
});

async function newTrip() {
  return (await createTrip(t.database.db, owner.id, { memberIds: [member.id, other.id] })).id;
}
const listPath = (tripId: string) => `/api/trips/${tripId}/shortlist`;

async function searchFlights(tripId: string, returnDate: string | null = inDays(44)) {
  const res = await member.client.post<FlightSearch>(`/api/trips/${tripId}/searches/flights`, {
    origin: 'CGK',
    destination: 'DPS',
    departDate: inDays(30),
    returnDate,
    travellers: 2,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function add(tripId: string, body: Record<string, unknown>, who: Account = member) {
  const res = await who.client.post<ShortlistOption>(listPath(tripId), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('adding options', () => {
  it('adds an offer of the trip’s flight search, priced, with its legs', async () => {
    const tripId = await newTrip();
    const search = await searchFlights(tripId);
    const option = await add(tripId, { source: 'offer', offerId: 'off_direct' });
    expect(option).toMatchObject({
      tripId,
      kind: 'flight',
      source: 'offer:off_direct',
      title: 'Duffel Airways: CGK → DPS and back',
      partner: 'Skyscanner',
      price: { amount: '636.40', currency: 'USD' },
      bookUrl: search.links[0]!.url,
      votes: { yes: [], no: [] },
      chosenAt: null,
      addedBy: { id: member.id, name: 'Bruno Costa' },
    });
    expect(option.detail).toMatch(/2 travellers · Economy · direct$/);
    expect(option.slices).toHaveLength(2);
    const again = await member.client.post<ErrorResponse>(listPath(tripId), {
      source: 'offer',
      offerId: 'off_direct',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'already_shortlisted',
      message: SHORTLIST_MESSAGES.duplicate,
    });
  });

  it('refuses an offer that is not in the trip’s latest search', async () => {
    const tripId = await newTrip();
    const res = await member.client.post<ErrorResponse>(listPath(tripId), {
      source: 'offer',
      offerId: 'off_direct',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(SHORTLIST_MESSAGES.offerGone);
  });

  it('adds a partner’s search of the trip’s flight or stay search, without a price', async () => {
    const tripId = await newTrip();
    await searchFlights(tripId, null);
    const flight = await add(tripId, { source: 'partner', kind: 'flight', partner: 'KAYAK' });
    expect(flight).toMatchObject({
      kind: 'flight',
      title: 'CGK → DPS on KAYAK',
      partner: 'KAYAK',
      price: null,
      slices: null,
    });
    expect(flight.detail).toMatch(/one way · 2 travellers · Economy$/);
    await member.client.post<StaySearch>(`/api/trips/${tripId}/searches/stays`, {
      destination: 'Ubud',
      checkIn: inDays(30),
      checkOut: inDays(34),
      guests: 2,
    });
    const stay = await add(tripId, { source: 'partner', kind: 'stay', partner: 'Booking.com' });
    expect(stay).toMatchObject({ kind: 'stay', title: 'Ubud on Booking.com', price: null });
    expect(new URL(stay.bookUrl).hostname).toBe('www.booking.com');
  });

  it('adds a pasted listing from its public preview: title, picture, price', async () => {
    const tripId = await newTrip();
    const villa = await add(tripId, { source: 'link', url: `${site.url}/villa` });
    expect(villa).toMatchObject({
      kind: 'stay',
      title: 'Villa Sawah & rice fields',
      detail: 'Three bedrooms above the rice terraces of Ubud.',
      partner: '127.0.0.1',
      imageUrl: `${site.url}/images/villa.jpg`,
      price: { amount: '240.00', currency: 'USD' },
      bookUrl: `${site.url}/villa`,
    });
  });

  it.each([
    ['a private address', 'http://10.0.0.7/listing', 400, 'link_refused'],
    ['a redirect to the metadata address', '/to-metadata', 400, 'link_refused'],
    ['a page that is not HTML', '/data', 502, 'link_unreadable'],
    ['a missing page', '/missing', 502, 'link_unreadable'],
  ])('refuses %s', async (_, path, status, code) => {
    const tripId = await newTrip();
    const url = path.startsWith('/') ? `${site.url}${path}` : path;
    const res = await member.client.post<ErrorResponse>(listPath(tripId), { source: 'link', url });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it.each([
    [{ source: 'link', url: 'ftp://example.com/file' }, SHORTLIST_MESSAGES.link],
    [{ source: 'link', url: 'not a link' }, SHORTLIST_MESSAGES.link],
    [
      { source: 'link', url: `https://example.com/${'a'.repeat(2001)}` },
      SHORTLIST_MESSAGES.linkTooLong,
    ],
    [{ source: 'guess' }, SHORTLIST_MESSAGES.source],
    [{}, SHORTLIST_MESSAGES.source],
  ])('refuses %j with 400 and "%s"', async (body, message) => {
    const tripId = await newTrip();
    const res = await member.client.post<ErrorResponse>(listPath(tripId), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(message),
    });
  });
});

describe('votes, the leader and choosing', () => {
  it('counts each member’s yes or no once, and shows who; the leader follows', async () => {
    const tripId = await newTrip();
    await searchFlights(tripId);
    const direct = await add(tripId, { source: 'offer', offerId: 'off_direct' });
    const via = await add(tripId, { source: 'offer', offerId: 'off_via' });
    const vote = (who: Account, option: ShortlistOption, value: 'yes' | 'no' | null) =>
      who.client.put<ShortlistOption>(`/api/shortlist/${option.id}/vote`, { vote: value });

    await vote(owner, direct, 'yes');
    await vote(member, direct, 'yes');
    const changed = await vote(member, direct, 'no');
    expect(changed.body.votes).toEqual({
      yes: [{ id: owner.id, name: 'Ana Lima' }],
      no: [{ id: member.id, name: 'Bruno Costa' }],
    });
    await vote(other, via, 'yes');
    const list = (await other.client.get<ShortlistOption[]>(listPath(tripId))).body;
    expect(list.map((option) => option.id)).toEqual([direct.id, via.id]);
    expect(shortlistLeader(list)?.id).toBe(via.id);
    const back = await vote(member, direct, null);
    expect(back.body.votes.no).toEqual([]);
    const bad = await member.client.put<ErrorResponse>(`/api/shortlist/${direct.id}/vote`, {
      vote: 'maybe',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(SHORTLIST_MESSAGES.vote);
  });

  it('the owner chooses a priced flight: each leg goes into Flight Details for the travellers', async () => {
    const tripId = await newTrip();
    await searchFlights(tripId);
    const option = await add(tripId, { source: 'offer', offerId: 'off_direct' });
    const refused = await member.client.patch<ErrorResponse>(`/api/shortlist/${option.id}`, {
      chosen: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'owner_only', message: SHORTLIST_MESSAGES.ownerChooses });
    const stranger = await owner.client.patch<ErrorResponse>(`/api/shortlist/${option.id}`, {
      chosen: true,
      travellerIds: [member.id, outsider.id],
    });
    expect(stranger.status).toBe(400);
    expect((await owner.client.get<Flight[]>(`/api/trips/${tripId}/flights`)).body).toEqual([]);

    const chosen = await owner.client.patch<ShortlistOption>(`/api/shortlist/${option.id}`, {
      chosen: true,
      travellerIds: [member.id, other.id],
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      chosenAt: expect.stringMatching(/Z$/),
      chosenBy: { id: owner.id, name: 'Ana Lima' },
    });
    const flights = (await owner.client.get<Flight[]>(`/api/trips/${tripId}/flights`)).body;
    expect(flights).toHaveLength(4);
    expect(
      flights.map((flight) => [
        flight.flightNumber,
        flight.departureAirport,
        flight.departureTime,
        flight.arrivalAirport,
        flight.traveller?.id,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['ZZ 300', 'CGK', `${inDays(30)}T08:30:00+07:00`, 'DPS', member.id],
        ['ZZ 301', 'DPS', `${inDays(44)}T08:30:00+08:00`, 'CGK', other.id],
      ]),
    );
    // Choosing it again adds nothing more; unchoosing leaves the flights.
    await owner.client.patch(`/api/shortlist/${option.id}`, { chosen: true });
    const unchosen = await owner.client.patch<ShortlistOption>(`/api/shortlist/${option.id}`, {
      chosen: false,
    });
    expect(unchosen.body.chosenAt).toBeNull();
    expect((await owner.client.get<Flight[]>(`/api/trips/${tripId}/flights`)).body).toHaveLength(4);
  });
});

describe('choosing with no room for its flights', () => {
  it('leaves nothing chosen, added, told or announced: the flights commit with the choice or not at all', async () => {
    const tripId = await newTrip();
    await searchFlights(tripId);
    const option = await add(tripId, { source: 'offer', offerId: 'off_direct' });
    // Room for the first leg of the two, not the second.
    const filler = {
      tripId,
      flightNumber: 'XX 1',
      departureAirport: 'LIS',
      departureTime: '2030-01-01T08:00:00Z',
      arrivalAirport: 'OPO',
      arrivalTime: '2030-01-01T09:00:00Z',
    };
    await t.database.db
      .insert(flights)
      .values(Array.from({ length: MAX_FLIGHTS_PER_TRIP - 1 }, () => filler));
    const tab = await connectLive(t.url, member.client.cookie);
    tabs.push(tab);
    await joinTrip(tab, tripId);
    const heard = collect(tab, 'change');

    const chosen = await owner.client.patch<ErrorResponse>(`/api/shortlist/${option.id}`, {
      chosen: true,
    });
    expect([chosen.status, chosen.body.code]).toEqual([403, 'item_limit']);
    expect(await t.database.db.$count(flights, eq(flights.tripId, tripId))).toBe(
      MAX_FLIGHTS_PER_TRIP - 1,
    );
    const listed = await owner.client.get<ShortlistOption[]>(listPath(tripId));
    expect(listed.body.find((o) => o.id === option.id)?.chosenAt).toBeNull();
    const kinds = await t.database.db
      .select({ kind: tripActivity.kind })
      .from(tripActivity)
      .where(eq(tripActivity.tripId, tripId));
    expect(kinds.map((row) => row.kind)).not.toContain('option.chosen');
    // A change after it arrives alone: nothing of the undone choice was sent before it.
    const next = nextEvent(tab, 'change', savedIn('shortlist'));
    await owner.client.put(`/api/shortlist/${option.id}/vote`, { vote: 'yes' });
    await next;
    expect(heard.map(({ change }) => change.type === 'item:saved' && change.list)).toEqual([
      'shortlist',
    ]);
  });
});

describe('who chooses', () => {
  it('any member chooses once the owner lets everyone (a trip setting)', async () => {
    const tripId = await newTrip();
    const villa = await add(tripId, { source: 'link', url: `${site.url}/villa` });
    expect((await member.client.patch(`/api/shortlist/${villa.id}`, { chosen: true })).status).toBe(
      403,
    );
    const setting = await member.client.patch(`/api/trips/${tripId}`, { anyoneChooses: true });
    expect(setting.status).toBe(403);
    const allowed = await owner.client.patch<{ anyoneChooses: boolean }>(`/api/trips/${tripId}`, {
      anyoneChooses: true,
    });
    expect(allowed.body.anyoneChooses).toBe(true);
    const chosen = await member.client.patch<ShortlistOption>(`/api/shortlist/${villa.id}`, {
      chosen: true,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosenBy).toEqual({ id: member.id, name: 'Bruno Costa' });
  });
});

describe('choosing at the same moment', () => {
  it('adds a chosen flight’s records once when two members choose it at once', async () => {
    const tripId = await newTrip();
    await owner.client.patch(`/api/trips/${tripId}`, { anyoneChooses: true });
    await searchFlights(tripId);
    const option = await add(tripId, { source: 'offer', offerId: 'off_late' });
    const answers = await Promise.all([
      owner.client.patch<ShortlistOption>(`/api/shortlist/${option.id}`, { chosen: true }),
      member.client.patch<ShortlistOption>(`/api/shortlist/${option.id}`, { chosen: true }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    // Out and back, for the whole group: two records, not four.
    expect((await owner.client.get<Flight[]>(`/api/trips/${tripId}/flights`)).body).toHaveLength(2);
  });
});

describe('removing, outsiders and live', () => {
  it('who added it, or the owner, removes an option, with its votes', async () => {
    const tripId = await newTrip();
    const villa = await add(tripId, { source: 'link', url: `${site.url}/villa` });
    await other.client.put(`/api/shortlist/${villa.id}/vote`, { vote: 'yes' });
    const refused = await other.client.delete<ErrorResponse>(`/api/shortlist/${villa.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('creator_only');
    expect((await owner.client.delete(`/api/shortlist/${villa.id}`)).status).toBe(200);
    const votes = await t.database.db
      .select()
      .from(shortlistVotes)
      .where(eq(shortlistVotes.optionId, villa.id));
    expect(votes).toEqual([]);
  });

  it('answers a non-member 404 everywhere', async () => {
    const tripId = await newTrip();
    const villa = await add(tripId, { source: 'link', url: `${site.url}/villa` });
    const answers = [
      await outsider.client.get(listPath(tripId)),
      await outsider.client.post(listPath(tripId), { source: 'link', url: `${site.url}/hotel` }),
      await outsider.client.put(`/api/shortlist/${villa.id}/vote`, { vote: 'yes' }),
      await outsider.client.patch(`/api/shortlist/${villa.id}`, { chosen: true }),
      await outsider.client.delete(`/api/shortlist/${villa.id}`),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404]);
  });

  it('shows the others each option and vote as it happens', async () => {
    const tripId = await newTrip();
    const tab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);
    const added = nextEvent(tab, 'change', savedIn('shortlist'));
    const villa = await add(tripId, { source: 'link', url: `${site.url}/villa` });
    expect((await added).change).toEqual({ type: 'item:saved', list: 'shortlist', item: villa });
    const voted = nextEvent(tab, 'change', savedIn('shortlist'));
    await member.client.put(`/api/shortlist/${villa.id}/vote`, { vote: 'yes' });
    expect((await voted).change).toMatchObject({
      item: { votes: { yes: [{ id: member.id }] } },
    });
    const removed = nextEvent(tab, 'change', removedFrom('shortlist'));
    await member.client.delete(`/api/shortlist/${villa.id}`);
    expect((await removed).change).toEqual({
      type: 'item:removed',
      list: 'shortlist',
      id: villa.id,
    });
  });
});

let pasted = 0;
const freshPage = () => {
  pasted += 1;
  return `${site.url}/villa?copy=${pasted}`;
};

itTakesClientIds(() => t, {
  list: 'shortlist',
  table: shortlistOptions,
  // A page of its own each time: the same page twice is refused as already shortlisted.
  add: (_cast, who, trip, id) =>
    who.client.post(listPath(trip), {
      id,
      source: 'link',
      url: freshPage(),
    }),
});
