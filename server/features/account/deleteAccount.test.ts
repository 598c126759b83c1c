import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { Flight } from '../../../shared/contracts/flights';
import type { Todo } from '../../../shared/contracts/todos';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { tripMembers, trips, widgets } from '../../platform/db/schema';
import { apiClient, TEST_PASSWORD } from '../../test/apiClient';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { flights } from '../flights/tables';
import { todos } from '../todos/tables';
import { generateTotpSecret, totpCode } from '../twofactor/totp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signUp = (firstName: string) => createAccount(t, { firstName, lastName: 'Test' });

async function deleteAccount(who: Account) {
  const res = await who.client.delete('/api/user', { password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  expect((await who.client.get('/api/user')).status).toBe(401);
}

/** Who joined when: the earliest joiner, not the first row or the smallest id, takes over. */
async function setJoinedAt(tripId: string, userId: string, joinedAt: string) {
  await t.database.db
    .update(tripMembers)
    .set({ joinedAt: new Date(joinedAt) })
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
}

async function addTodo(as: Account, tripId: string, text: string, assignedTo: string | null) {
  const res = await as.client.post<Todo>(`/api/trips/${tripId}/todos`, { text, assignedTo });
  expect(res.status).toBe(201);
  return res.body;
}

async function addFlight(as: Account, tripId: string, travellerId: string | null) {
  const res = await as.client.post<Flight>(`/api/trips/${tripId}/flights`, {
    flightNumber: 'SQ938',
    departureAirport: 'SIN',
    departureTime: '2030-06-01T08:30:00+08:00',
    arrivalAirport: 'DPS',
    arrivalTime: '2030-06-01T11:15:00+08:00',
    travellerId,
  });
  expect(res.status).toBe(201);
  return res.body;
}

// In a fixed order: an updated row may come back from the table in another place.
const rowsOf = async (tripId: string) => ({
  trip: (await t.database.db.select().from(trips).where(eq(trips.id, tripId)))[0],
  members: await t.database.db
    .select()
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId))
    .orderBy(tripMembers.userId),
  widgets: await t.database.db
    .select()
    .from(widgets)
    .where(eq(widgets.tripId, tripId))
    .orderBy(widgets.id),
  todos: await t.database.db.select().from(todos).where(eq(todos.tripId, tripId)).orderBy(todos.id),
  flights: await t.database.db
    .select()
    .from(flights)
    .where(eq(flights.tripId, tripId))
    .orderBy(flights.id),
});

describe('deleting an account that owns a trip with members', () => {
  it('hands the trip to the member who joined earliest, with its to-dos and flights', async () => {
    const owner = await signUp('Olivia');
    const later = await signUp('Lena');
    const earliest = await signUp('Erin');
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [later.id, earliest.id] });
    await setJoinedAt(trip.id, owner.id, '2030-01-01T00:00:00Z');
    await setJoinedAt(trip.id, later.id, '2030-01-03T00:00:00Z');
    await setJoinedAt(trip.id, earliest.id, '2030-01-02T00:00:00Z');
    const ownersTodo = await addTodo(owner, trip.id, 'Book the villa', owner.id);
    const erinsTodo = await addTodo(owner, trip.id, 'Pack sunscreen', earliest.id);
    const ownersFlight = await addFlight(owner, trip.id, owner.id);
    const lenasFlight = await addFlight(owner, trip.id, later.id);

    await deleteAccount(owner);

    // The heir sees the trip as its owner, everything on it still there.
    const seen = await earliest.client.get<Trip>(`/api/trips/${trip.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: trip.id, name: trip.name, ownerId: earliest.id });
    expect(seen.body.role).toBe('owner');
    const list = await earliest.client.get<Todo[]>(`/api/trips/${trip.id}/todos`);
    expect(list.status).toBe(200);
    const byId = new Map(list.body.map((todo) => [todo.id, todo]));
    expect(byId.get(ownersTodo.id)).toMatchObject({ text: 'Book the villa', assignedTo: null });
    expect(byId.get(erinsTodo.id)).toMatchObject({
      text: 'Pack sunscreen',
      assignedTo: { id: earliest.id, name: 'Erin Test' },
    });
    const flightList = await earliest.client.get<Flight[]>(`/api/trips/${trip.id}/flights`);
    expect(flightList.body.map((f) => [f.id, f.traveller?.id ?? null])).toEqual(
      expect.arrayContaining([
        [ownersFlight.id, null],
        [lenasFlight.id, later.id],
      ]),
    );

    // The heir can do what only an owner may: change the trip's settings.
    const renamed = await earliest.client.patch(`/api/trips/${trip.id}`, { name: 'Ours now' });
    expect(renamed.status).toBe(200);

    const members = await earliest.client.get<TripMember[]>(`/api/trips/${trip.id}/members`);
    expect(members.body.map((m) => [m.id, m.role])).toEqual([
      [earliest.id, 'owner'],
      [later.id, 'member'],
    ]);
    const rows = await rowsOf(trip.id);
    expect(rows.trip?.ownerId).toBe(earliest.id);
    expect(rows.widgets).toHaveLength(0);
    expect(rows.todos).toHaveLength(2);
    expect(rows.flights).toHaveLength(2);
    // The other member is still a member, no more.
    expect((await later.client.get<Trip>(`/api/trips/${trip.id}`)).body.role).toBe('member');
  });
});

describe('deleting an account that owns a trip alone', () => {
  it('deletes that trip with everything on it, and hands over the shared one', async () => {
    const owner = await signUp('Sam');
    const friend = await signUp('Fay');
    // Through the API, so the board has its default widgets.
    const made = await owner.client.post<Trip>('/api/trips', {
      name: 'Solo trip',
      destination: 'Lisbon, Portugal',
      startDate: '2030-06-01',
      endDate: '2030-06-10',
    });
    expect(made.status).toBe(201);
    const solo = made.body.id;
    await addTodo(owner, solo, 'Renew passport', owner.id);
    await addFlight(owner, solo, owner.id);
    const shared = await createTrip(t.database.db, owner.id, { memberIds: [friend.id] });
    expect((await rowsOf(solo)).widgets.length).toBeGreaterThan(0);

    await deleteAccount(owner);

    expect(await rowsOf(solo)).toEqual({
      trip: undefined,
      members: [],
      widgets: [],
      todos: [],
      flights: [],
    });
    expect((await rowsOf(shared.id)).trip?.ownerId).toBe(friend.id);
  });
});

describe('deleting the account of a member', () => {
  it('leaves the trip as it was, less that member and their assignments', async () => {
    const owner = await signUp('Nora');
    const member = await signUp('Milo');
    const other = await signUp('Ida');
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [member.id, other.id] });
    const milosTodo = await addTodo(owner, trip.id, 'Buy snorkels', member.id);
    const norasTodo = await addTodo(owner, trip.id, 'Print tickets', owner.id);
    const milosFlight = await addFlight(owner, trip.id, member.id);
    const before = await rowsOf(trip.id);

    await deleteAccount(member);

    const after = await rowsOf(trip.id);
    expect(after.trip).toEqual(before.trip);
    expect(after.members).toEqual(before.members.filter((m) => m.userId !== member.id));
    expect(after.members.find((m) => m.userId === owner.id)?.role).toBe('owner');
    expect(after.todos).toEqual(
      before.todos.map((todo) => (todo.id === milosTodo.id ? { ...todo, assignedTo: null } : todo)),
    );
    expect(after.todos.find((todo) => todo.id === norasTodo.id)?.assignedTo).toBe(owner.id);
    expect(after.flights).toEqual(
      before.flights.map((f) => (f.id === milosFlight.id ? { ...f, travellerId: null } : f)),
    );
    expect((await owner.client.get<Todo[]>(`/api/trips/${trip.id}/todos`)).body).toHaveLength(2);
  });
});

describe('a refused deletion', () => {
  it('changes nothing: a wrong password keeps the account and its trips', async () => {
    const owner = await signUp('Rita');
    const member = await signUp('Rui');
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [member.id] });
    const before = await rowsOf(trip.id);
    const res = await owner.client.delete('/api/user', { password: 'not the password' });
    expect(res.status).toBe(400);
    expect(await rowsOf(trip.id)).toEqual(before);
  });
});

// Issue #16: an account made by a magic link has no password, and its session alone deleted it.
describe('deleting an account without a password', () => {
  const linkIn = (text: string) => text.match(/delete-account\?token=([\w-]+)/)?.[1];
  async function linkSentTo(address: string) {
    await expect.poll(() => t.sentMail().some((mail) => mail.to === address)).toBe(true);
    const mail = t.sentMail().findLast((m) => m.to === address)!;
    expect(mail.subject).toBe('Confirm deleting your Tripmates account');
    return linkIn(mail.text)!;
  }

  it('needs the link e-mailed to its address: a session alone deletes nothing', async () => {
    const me = await createAccount(t, { password: null });
    expect((await me.client.get<{ hasPassword: boolean }>('/api/user')).body.hasPassword).toBe(
      false,
    );
    const bare = await me.client.delete<ErrorResponse>('/api/user', {});
    expect([bare.status, bare.body.code]).toEqual([400, 'link_required']);
    expect((await me.client.get('/api/user')).status).toBe(200);

    expect((await me.client.post('/api/user/deletion-link')).status).toBe(200);
    const confirmation = await linkSentTo(me.user.email);
    // The link works from any browser: it is the proof.
    const deleted = await apiClient(t.url).post('/api/delete-account', { confirmation });
    expect(deleted.status).toBe(200);
    expect((await me.client.get('/api/user')).status).toBe(401);
    const again = await apiClient(t.url).post<ErrorResponse>('/api/delete-account', {
      confirmation,
    });
    expect([again.status, again.body.code]).toEqual([400, 'deletion_link_invalid']);
  });

  it('asks for a code too when two-factor is on, and a wrong one leaves the link usable', async () => {
    const secret = generateTotpSecret();
    const me = await createAccount(t, {
      password: null,
      twoFactorEnabled: true,
      totpSecret: secret,
    });
    await me.client.post('/api/user/deletion-link');
    const confirmation = await linkSentTo(me.user.email);
    const none = await apiClient(t.url).post<ErrorResponse>('/api/delete-account', {
      confirmation,
    });
    expect([none.status, none.body.code]).toEqual([400, 'invalid_code']);
    expect(none.body.message).toBe('Enter a code from your authenticator app.');
    const wrong = await apiClient(t.url).post<ErrorResponse>('/api/delete-account', {
      confirmation,
      token: '000000',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'invalid_code']);
    const right = await apiClient(t.url).post('/api/delete-account', {
      confirmation,
      token: totpCode(secret, Date.now()),
    });
    expect(right.status).toBe(200);
    expect((await me.client.get('/api/user')).status).toBe(401);
  });

  it('refuses a made-up link, and a link to an account that has a password', async () => {
    const madeUp = await apiClient(t.url).post<ErrorResponse>('/api/delete-account', {
      confirmation: 'x'.repeat(43),
    });
    expect([madeUp.status, madeUp.body.code]).toEqual([400, 'deletion_link_invalid']);
    const withPassword = await createAccount(t);
    const link = await withPassword.client.post<ErrorResponse>('/api/user/deletion-link');
    expect([link.status, link.body.code]).toEqual([400, 'password_required']);
  });

  it('sends at most 3 links an hour per account', async () => {
    const me = await createAccount(t, { password: null });
    for (let i = 0; i < 3; i++) {
      expect((await me.client.post('/api/user/deletion-link')).status).toBe(200);
    }
    const fourth = await me.client.post<ErrorResponse>('/api/user/deletion-link');
    expect([fourth.status, fourth.body.code]).toEqual([429, 'rate_limited']);
  });
});
