import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { Widget } from '../../../shared/contracts/board';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { trips, widgets } from '../../platform/db/schema';
import { apiClient, newAccount } from '../../test/apiClient';
import { addMember, createAccount, createAccountWithFirstTrip } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { todos } from '../todos/tables';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type SignedIn = { user: { id: string } };

/** A new account without any trip (as made by a factory, not by sign-up). */
const newcomer = (plan?: 'free' | 'premium' | 'pro') => createAccount(t, { plan });

/** A new account with the first trip sign-up makes for it. */
const withFirstTrip = (plan?: 'free' | 'premium' | 'pro') =>
  createAccountWithFirstTrip(t, { plan });

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('the first trip', () => {
  it('is made at sign-up: Bali 2023, 30 days out and 14 days long, five widgets, five to-dos', async () => {
    const client = apiClient(t.url);
    const signedUp = await client.post<SignedIn>('/api/register', newAccount());
    expect(signedUp.status).toBe(201);
    const res = await client.get<Trip[]>('/api/trips');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const trip = res.body[0]!;
    expect(trip).toMatchObject({
      name: 'Bali 2023',
      destination: 'Bali, Indonesia',
      startDate: day(30),
      endDate: day(44),
      ownerId: signedUp.body.user.id,
      role: 'owner',
    });
    const board = await client.get<Widget[]>(`/api/trips/${trip.id}/widgets`);
    expect(board.body.map((w) => [w.type, w.data])).toEqual([
      ['countdown', null],
      ['weather', { city: 'Denpasar' }],
      ['photo', null],
      ['todo', null],
      ['flight', null],
    ]);
    const rows = await t.database.db.select().from(todos).where(eq(todos.tripId, trip.id));
    expect(rows).toHaveLength(5);
  });

  it('is not made for someone who signs up to join a trip by invitation', async () => {
    const { client: owner } = await withFirstTrip();
    const trip = (await owner.get<Trip[]>('/api/trips')).body[0]!;
    const { body: link } = await owner.get<{ url: string }>(`/api/trips/${trip.id}/invitation`);
    const client = apiClient(t.url);
    const signedUp = await client.post('/api/register', newAccount({ invitation: link.url }));
    expect(signedUp.status).toBe(201);
    // Issue #38: the sign-up joins the trip it was invited to, and makes no sample trip besides.
    const theirs = (await client.get<Trip[]>('/api/trips')).body;
    expect(theirs.map(({ id, role }) => ({ id, role }))).toEqual([{ id: trip.id, role: 'member' }]);
  });

  // Issue #16: the first GET /api/trips used to make the trip, a write on a GET.
  it('is never made by reading the list', async () => {
    const { client, user } = await createAccount(t);
    const [a, b] = await Promise.all([
      client.get<Trip[]>('/api/trips'),
      client.get<Trip[]>('/api/trips'),
    ]);
    expect([a.body, b.body]).toEqual([[], []]);
    const owned = await t.database.db.select().from(trips).where(eq(trips.ownerId, user.id));
    expect(owned).toEqual([]);
  });
});

describe('plan limits on active trips', () => {
  const newTrip = (name: string, start = day(60), end = day(70)) => ({
    name,
    destination: 'Lisbon, Portugal',
    startDate: start,
    endDate: end,
  });

  it('refuses a Free owner a second active trip, naming the plan and the limit', async () => {
    const { client } = await withFirstTrip();
    const res = await client.post<ErrorResponse>('/api/trips', newTrip('Lisbon'));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Your Free plan allows 1 active trip. Delete a trip you no longer need, or upgrade your plan, to plan another.',
    );
  });

  it('lets Premium own 5 active trips, and not a sixth', async () => {
    const { client } = await withFirstTrip('premium');
    for (let i = 2; i <= 5; i++) {
      expect((await client.post('/api/trips', newTrip(`Trip ${i}`))).status).toBe(201);
    }
    const sixth = await client.post<ErrorResponse>('/api/trips', newTrip('Trip 6'));
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toMatch(/^Your Premium plan allows 5 active trips\./);
  });

  it('does not count trips that are over, and gives Pro no limit', async () => {
    const { client, trip } = await withFirstTrip();
    // Bali, moved into the past, no longer counts.
    expect(
      (await client.patch(`/api/trips/${trip.id}`, { startDate: day(-20), endDate: day(-10) }))
        .status,
    ).toBe(200);
    expect((await client.post('/api/trips', newTrip('Porto'))).status).toBe(201);

    const pro = await withFirstTrip('pro');
    for (let i = 0; i < 6; i++) {
      expect((await pro.client.post('/api/trips', newTrip(`Pro ${i}`))).status).toBe(201);
    }
  });

  it('holds under two requests at once', async () => {
    const { client } = await withFirstTrip('premium');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.post('/api/trips', newTrip(`Rush ${i}`))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
  });
});

describe('a trip', () => {
  it('is created with its board, and read by its members only', async () => {
    const { client } = await newcomer('pro');
    const created = await client.post<Trip>('/api/trips', {
      name: '  Kyoto in spring ',
      destination: 'Kyoto, Japan',
      startDate: '2031-04-01',
      endDate: '2031-04-10',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Kyoto in spring', role: 'owner' });
    const id = created.body.id;
    expect((await client.get<Trip>(`/api/trips/${id}`)).body.name).toBe('Kyoto in spring');
    const board = (await client.get<Widget[]>(`/api/trips/${id}/widgets`)).body;
    expect(board).toHaveLength(5);
    // Its weather follows the destination: no city of its own.
    expect(board.find((w) => w.type === 'weather')?.data).toBeNull();

    const stranger = await newcomer();
    for (const path of [`/api/trips/${id}`, `/api/trips/${id}/widgets`]) {
      const res = await stranger.client.get<ErrorResponse>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('No such trip');
    }
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-trip', '1']) {
      expect((await client.get(`/api/trips/${bad}`)).status).toBe(404);
    }
    expect((await apiClient(t.url).get(`/api/trips/${id}`)).status).toBe(401);
  });

  it('has settings only its owner changes; a member reads them, an outsider gets 404', async () => {
    const { client, trip } = await withFirstTrip();
    const renamed = await client.patch<Trip>(`/api/trips/${trip.id}`, {
      name: 'Bali with the cousins',
      destination: 'Ubud, Bali',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Bali with the cousins',
      destination: 'Ubud, Bali',
    });

    const member = await newcomer();
    await addMember(t.database.db, trip.id, member.id);
    const seen = await member.client.get<Trip[]>('/api/trips');
    expect(seen.body.map((x) => [x.id, x.role])).toEqual([[trip.id, 'member']]);
    const refused = await member.client.patch<ErrorResponse>(`/api/trips/${trip.id}`, {
      name: 'Mine now',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Only the trip owner/);
    expect((await member.client.delete(`/api/trips/${trip.id}`)).status).toBe(403);

    const stranger = await newcomer();
    expect((await stranger.client.patch(`/api/trips/${trip.id}`, { name: 'x' })).status).toBe(404);
    expect((await stranger.client.delete(`/api/trips/${trip.id}`)).status).toBe(404);
  });

  it('lists its members, owner first, to members only', async () => {
    const { client, user, trip } = await withFirstTrip();
    const member = await createAccount(t, {
      firstName: null,
      lastName: null,
      profileImageUrl: 'https://example.com/me.png',
    });
    await addMember(t.database.db, trip.id, member.id);

    const seenByMember = await member.client.get<TripMember[]>(`/api/trips/${trip.id}/members`);
    expect(seenByMember.status).toBe(200);
    const memberUsername = member.user.username;
    expect(seenByMember.body).toEqual([
      { id: user.id, name: 'Ana Lima', image: null, role: 'owner', isCurrentUser: false },
      {
        id: member.user.id,
        name: memberUsername,
        image: 'https://example.com/me.png',
        role: 'member',
        isCurrentUser: true,
      },
    ]);
    const seenByOwner = await client.get<TripMember[]>(`/api/trips/${trip.id}/members`);
    expect(seenByOwner.body.map((m) => m.isCurrentUser)).toEqual([true, false]);

    const stranger = await newcomer();
    expect((await stranger.client.get(`/api/trips/${trip.id}/members`)).status).toBe(404);
    expect((await apiClient(t.url).get(`/api/trips/${trip.id}/members`)).status).toBe(401);
  });

  it('is deleted with everything on it, by its owner', async () => {
    const { client, trip } = await withFirstTrip();
    expect((await client.delete<OkResponse>(`/api/trips/${trip.id}`)).body).toEqual({
      success: true,
    });
    expect((await client.get(`/api/trips/${trip.id}`)).status).toBe(404);
    const db = t.database.db;
    expect(await db.select().from(widgets).where(eq(widgets.tripId, trip.id))).toEqual([]);
    expect(await db.select().from(todos).where(eq(todos.tripId, trip.id))).toEqual([]);

    // The sample trip is not made again: the Free plan's one active trip is free for their own.
    expect((await client.get('/api/trips')).body).toEqual([]);
    const own = await client.post('/api/trips', {
      name: 'Lisbon',
      startDate: day(40),
      endDate: day(45),
    });
    expect(own.status).toBe(201);
    expect((await client.get<Trip[]>('/api/trips')).body.map((x) => x.name)).toEqual(['Lisbon']);
  });

  it.each([
    ['no name', { startDate: '2031-01-01', endDate: '2031-01-02' }, /name/],
    ['a blank name', { name: '   ', startDate: '2031-01-01', endDate: '2031-01-02' }, /name/],
    ['a long name', { name: 'n'.repeat(81), startDate: '2031-01-01', endDate: '2031-01-02' }, /80/],
    ['an impossible date', { name: 'x', startDate: '2031-02-30', endDate: '2031-03-02' }, /date/],
    [
      'a date-time',
      { name: 'x', startDate: '2031-01-01T10:00:00Z', endDate: '2031-01-02' },
      /date/,
    ],
    [
      'the end before the start',
      { name: 'x', startDate: '2031-01-05', endDate: '2031-01-02' },
      /end/,
    ],
    ['a number for the name', { name: 5, startDate: '2031-01-01', endDate: '2031-01-02' }, /name/],
    ['an array', [], /./],
  ])('refuses a new trip with %s (400)', async (_label, body, message) => {
    const { client } = await newcomer('pro');
    const res = await client.post<ErrorResponse>('/api/trips', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('refuses settings that put the end before the start, even one date at a time', async () => {
    const { client, trip } = await withFirstTrip();
    const res = await client.patch<ErrorResponse>(`/api/trips/${trip.id}`, {
      startDate: day(100),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The trip must end on or after the day it starts');
    expect((await client.patch(`/api/trips/${trip.id}`, {})).status).toBe(400);
  });
});
