import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type {
  InvitationLink,
  JoinPreview,
  JoinResponse,
  SentInvitations,
} from '../../../shared/contracts/members';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { tripMembers } from '../../platform/db/schema';
import { apiClient } from '../../test/apiClient';
import {
  type Account,
  CAST_TRIP_PREVIEW,
  createAccount,
  createTrip,
  createTripCast,
  createUsers,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { flights } from '../flights/tables';
import { todos } from '../todos/tables';
import { tripInvitations } from './tables';

const INVALID_LINK = 'This invitation link is no longer valid. Ask the trip owner for a new one.';
const OWNER_CANNOT_LEAVE = 'You own this trip: delete it instead, or hand it over first.';
const DAY = 86_400_000;

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let tripId: string;

async function travellers(trip: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, trip));
  return row!.n;
}

/** The trip's link as its owner gets it, and the link's last segment (what /join/… carries). */
async function linkOf(who: Account, trip = tripId) {
  const res = await who.client.get<InvitationLink>(`/api/trips/${trip}/invitation`);
  expect(res.status).toBe(200);
  const { url } = res.body;
  return { url, segment: url.split('/join/')[1]!, expiresAt: res.body.expiresAt };
}

/** A trip owned by `who` with `extra` seeded members, and its join segment. */
async function tripWith(who: Account, extra: number, name = 'Full house') {
  const memberIds = (await createUsers(t.database.db, extra)).map((user) => user.id);
  const trip = await createTrip(t.database.db, who.id, { memberIds, name });
  return { trip, segment: (await linkOf(who, trip.id)).segment };
}

beforeAll(async () => {
  t = await startTestApp();
  ({ owner, member, outsider, tripId } = await createTripCast(t));
});
afterAll(() => t.close());

describe('the invitation link', () => {
  it('is made on the first request: a readable slug, 128 random bits, 30 days', async () => {
    const before = Date.now();
    const first = await linkOf(owner);
    expect(first.url).toMatch(new RegExp(`^${t.config.publicUrl}/join/bali-2023-[\\w-]{22}$`));
    const expires = Date.parse(first.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    // Asking again gives the same link.
    expect((await linkOf(owner)).url).toBe(first.url);
  });

  it('slugs names to lower-case ASCII, at most 40 characters', async () => {
    const trip = await createTrip(t.database.db, owner.id, {
      name: '  Café São Paulo — Ñandú & Friends!! Forever and ever and ever  ',
    });
    const { segment } = await linkOf(owner, trip.id);
    const slug = segment.slice(0, -23);
    expect(slug).toBe('cafe-sao-paulo-nandu-friends-forever-and');
    expect(slug.length).toBeLessThanOrEqual(40);
  });

  it('reset gives a new code and the old one stops at once', async () => {
    const old = await linkOf(owner);
    const res = await owner.client.post<InvitationLink>(`/api/trips/${tripId}/invitation/reset`);
    expect(res.status).toBe(200);
    expect(res.body.url).not.toBe(old.url);
    expect((await linkOf(owner)).url).toBe(res.body.url);

    const stale = await outsider.client.get(`/api/join/${old.segment}`);
    expect(stale.status).toBe(404);
    expect(stale.body).toEqual({ code: 'invitation_invalid', message: INVALID_LINK });
    expect((await outsider.client.post(`/api/join/${old.segment}`)).status).toBe(404);
    const fresh = await outsider.client.get(`/api/join/${res.body.url.split('/join/')[1]}`);
    expect(fresh.status).toBe(200);
  });

  it('keeps working when the trip is renamed: only the code counts', async () => {
    const trip = await createTrip(t.database.db, owner.id, { name: 'Old name' });
    const { segment } = await linkOf(owner, trip.id);
    const renamed = await owner.client.patch<Trip>(`/api/trips/${trip.id}`, {
      name: 'New name',
    });
    expect(renamed.status).toBe(200);
    const preview = await apiClient(t.url).get<JoinPreview>(`/api/join/${segment}`);
    expect(preview.status).toBe(200);
    expect(preview.body.trip.name).toBe('New name');
    expect((await linkOf(owner, trip.id)).url).toContain('/join/new-name-');
  });

  it('expires: the link then answers 404, and the owner is given a new one', async () => {
    const trip = await createTrip(t.database.db, owner.id, { name: 'Short lived' });
    const { segment, url } = await linkOf(owner, trip.id);
    await t.database.db
      .update(tripInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tripInvitations.tripId, trip.id));
    const res = await outsider.client.get<ErrorResponse>(`/api/join/${segment}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(INVALID_LINK);
    expect((await outsider.client.post(`/api/join/${segment}`)).status).toBe(404);

    const renewed = await linkOf(owner, trip.id);
    expect(renewed.url).not.toBe(url);
    expect((await outsider.client.get(`/api/join/${renewed.segment}`)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed codes', async () => {
    for (const code of ['bali-2023-AAAAAAAAAAAAAAAAAAAAAA', 'AAAAAAAAAAAAAAAAAAAAAA', 'short']) {
      const res = await apiClient(t.url).get(`/api/join/${code}`);
      expect(res.status, code).toBe(404);
      expect(res.body).toEqual({ code: 'invitation_invalid', message: INVALID_LINK });
    }
  });
});

describe('GET /api/join/:code (preview)', () => {
  it('shows the trip to someone signed out, by segment or by bare code', async () => {
    const { segment } = await linkOf(owner);
    const expected = {
      trip: {
        ...CAST_TRIP_PREVIEW,
        travellers: 2,
        travellerLimit: 4,
      },
      isMember: false,
    };
    const signedOut = apiClient(t.url);
    expect((await signedOut.get(`/api/join/${segment}`)).body).toEqual(expected);
    expect((await signedOut.get(`/api/join/${segment.slice(-22)}`)).body).toEqual(expected);
  });

  it('tells a signed-in caller whether they are on the trip already', async () => {
    const { segment } = await linkOf(owner);
    const isMember = async (who: Account) =>
      (await who.client.get<JoinPreview>(`/api/join/${segment}`)).body.isMember;
    expect(await isMember(member)).toBe(true);
    expect(await isMember(owner)).toBe(true);
    expect(await isMember(outsider)).toBe(false);
  });

  it('shows the owner plan’s limit: null when unlimited', async () => {
    const pro = await createAccount(t, { plan: 'pro' });
    const { segment } = await tripWith(pro, 0);
    const res = await apiClient(t.url).get<JoinPreview>(`/api/join/${segment}`);
    expect(res.body.trip).toMatchObject({ travellers: 1, travellerLimit: null });
  });
});

describe('POST /api/join/:code', () => {
  it('needs an account', async () => {
    const { segment } = await linkOf(owner);
    expect((await apiClient(t.url).post(`/api/join/${segment}`)).status).toBe(401);
  });

  it('joins as a member; joining again changes nothing', async () => {
    const friend = await createAccount(t, { firstName: 'Carla' });
    const { segment, trip } = await tripWith(owner, 0, 'Join me');
    const res = await friend.client.post<JoinResponse>(`/api/join/${segment}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tripId: trip.id });
    const seen = await friend.client.get<Trip>(`/api/trips/${trip.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.role).toBe('member');

    const again = await friend.client.post(`/api/join/${segment}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ tripId: trip.id });
    expect(await travellers(trip.id)).toBe(2);
    // The owner "joining" their own trip stays the owner.
    expect((await owner.client.post(`/api/join/${segment}`)).body).toEqual({ tripId: trip.id });
    const roles = await t.database.db
      .select({ role: tripMembers.role })
      .from(tripMembers)
      .where(and(eq(tripMembers.tripId, trip.id), eq(tripMembers.userId, owner.id)));
    expect(roles).toEqual([{ role: 'owner' }]);
  });
});

describe('travellers per trip follow the owner’s plan (owner included)', () => {
  it.each([
    ['free', 4, 'Free'],
    ['premium', 10, 'Premium'],
  ] as const)(
    '%s: the last place can be taken, then the trip is full',
    async (plan, limit, name) => {
      const host = await createAccount(t, { plan });
      const { segment, trip } = await tripWith(host, limit - 2);
      const last = await createAccount(t);
      expect((await last.client.post(`/api/join/${segment}`)).status).toBe(200);
      expect(await travellers(trip.id)).toBe(limit);

      // The joiner's own plan does not matter: the host pays.
      const late = await createAccount(t, { plan: 'pro' });
      const refused = await late.client.post(`/api/join/${segment}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'trip_full',
        message: `This trip is full: its owner's ${name} plan allows up to ${limit} travellers. Ask the owner to upgrade or to make room.`,
      });
      expect(await travellers(trip.id)).toBe(limit);
      // The preview shows why before anyone tries.
      const preview = await late.client.get<JoinPreview>(`/api/join/${segment}`);
      expect(preview.body.trip).toMatchObject({ travellers: limit, travellerLimit: limit });
    },
  );

  it('pro: no limit', async () => {
    const host = await createAccount(t, { plan: 'pro' });
    const { segment, trip } = await tripWith(host, 14);
    const friend = await createAccount(t);
    expect((await friend.client.post(`/api/join/${segment}`)).status).toBe(200);
    expect(await travellers(trip.id)).toBe(16);
  });

  it('two people joining at once cannot both take the last place', async () => {
    const { segment, trip } = await tripWith(owner, 2, 'Last seat');
    const [a, b] = await Promise.all([createAccount(t), createAccount(t)]);
    const answers = await Promise.all([
      a!.client.post(`/api/join/${segment}`),
      b!.client.post(`/api/join/${segment}`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 403]);
    expect(await travellers(trip.id)).toBe(4);
  });
});

describe('POST /api/trips/:tripId/invitations (e-mail)', () => {
  it('e-mails the join link with the trip and inviter names', async () => {
    const { url } = await linkOf(owner);
    await t.deliverMail();
    const before = t.sentMail().length;
    const res = await owner.client.post<OkResponse>(`/api/trips/${tripId}/invitations`, {
      email: '  friend@example.com ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await t.deliverMail();
    expect(t.sentMail()).toHaveLength(before + 1);
    await t.deliverMail();
    const mail = t.sentMail().at(-1)!;
    expect(mail.to).toBe('friend@example.com');
    expect(mail.subject).toBe('Ana Lima invited you to Bali 2023 on Tripmates');
    expect(mail.text).toContain('Ana Lima invited you to plan "Bali 2023"');
    expect(mail.text).toContain(url);
  });

  it('refuses an address that is not one, with the spec’s words', async () => {
    await t.deliverMail();
    const before = t.sentMail().length;
    for (const email of ['not-an-email', 'a@b', '', 'x'.repeat(300)]) {
      const res = await owner.client.post<ErrorResponse>(`/api/trips/${tripId}/invitations`, {
        email,
      });
      expect(res.status, email).toBe(400);
      expect(res.body.message).toBe('Please enter a valid email address');
    }
    await t.deliverMail();
    expect(t.sentMail()).toHaveLength(before);
  });

  it('allows 20 an hour per person', async () => {
    const host = await createAccount(t, { firstName: 'Busy' });
    const trip = await createTrip(t.database.db, host.id);
    const send = <T>() =>
      host.client.post<T>(`/api/trips/${trip.id}/invitations`, { email: 'pal@example.com' });
    for (let i = 0; i < 20; i += 1) expect((await send()).status).toBe(200);
    const refused = await send<ErrorResponse>();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts/);
    // Someone else (even on the same network) still can.
    expect(
      (await owner.client.post(`/api/trips/${tripId}/invitations`, { email: 'a@example.com' }))
        .status,
    ).toBe(200);
  });
});

describe('removing members and leaving', () => {
  /** A member on a fresh trip with a to-do and a flight of theirs, and the same on another trip. */
  async function memberWithThings() {
    const person = await createAccount(t, { firstName: 'Dina' });
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [person.id] });
    const other = await createTrip(t.database.db, owner.id, { memberIds: [person.id] });
    const db = t.database.db;
    const flight = {
      flightNumber: 'GA 404',
      departureAirport: 'CGK',
      departureTime: '2030-06-01T08:00:00+07:00',
      arrivalAirport: 'DPS',
      arrivalTime: '2030-06-01T10:50:00+08:00',
      travellerId: person.id,
    };
    const [todo] = await db
      .insert(todos)
      .values({ tripId: trip.id, text: 'Pack', assignedTo: person.id })
      .returning();
    const [otherTodo] = await db
      .insert(todos)
      .values({ tripId: other.id, text: 'Pack too', assignedTo: person.id })
      .returning();
    const [ticket] = await db
      .insert(flights)
      .values({ ...flight, tripId: trip.id })
      .returning();
    const [otherTicket] = await db
      .insert(flights)
      .values({ ...flight, tripId: other.id })
      .returning();
    return {
      person,
      trip,
      todo: todo!,
      otherTodo: otherTodo!,
      ticket: ticket!,
      otherTicket: otherTicket!,
    };
  }

  async function expectClearedOnlyOn(things: Awaited<ReturnType<typeof memberWithThings>>) {
    const db = t.database.db;
    const [todo] = await db.select().from(todos).where(eq(todos.id, things.todo.id));
    const [otherTodo] = await db.select().from(todos).where(eq(todos.id, things.otherTodo.id));
    const [ticket] = await db.select().from(flights).where(eq(flights.id, things.ticket.id));
    const [otherTicket] = await db
      .select()
      .from(flights)
      .where(eq(flights.id, things.otherTicket.id));
    expect(todo!.assignedTo).toBeNull();
    expect(ticket!.travellerId).toBeNull();
    expect(otherTodo!.assignedTo).toBe(things.person.id);
    expect(otherTicket!.travellerId).toBe(things.person.id);
  }

  async function expectLockedOut(who: Account, trip: string) {
    for (const path of [
      `/api/trips/${trip}`,
      `/api/trips/${trip}/todos`,
      `/api/trips/${trip}/members`,
    ]) {
      expect((await who.client.get(path)).status, path).toBe(404);
    }
  }

  it('the owner removes a member: their assignments go, and so do they', async () => {
    const things = await memberWithThings();
    expect((await things.person.client.get(`/api/trips/${things.trip.id}`)).status).toBe(200);
    const res = await owner.client.delete<OkResponse>(
      `/api/trips/${things.trip.id}/members/${things.person.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await expectClearedOnlyOn(things);
    await expectLockedOut(things.person, things.trip.id);
    const list = await owner.client.get<TripMember[]>(`/api/trips/${things.trip.id}/members`);
    expect(list.body.map((m) => m.id)).toEqual([owner.id]);
    // Removing them again: there is no such member any more.
    const again = await owner.client.delete(
      `/api/trips/${things.trip.id}/members/${things.person.id}`,
    );
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'not_found', message: 'No such member' });
  });

  it('a member leaves: the same clearing, then 404', async () => {
    const things = await memberWithThings();
    const res = await things.person.client.post(`/api/trips/${things.trip.id}/leave`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await expectClearedOnlyOn(things);
    await expectLockedOut(things.person, things.trip.id);
    expect((await things.person.client.post(`/api/trips/${things.trip.id}/leave`)).status).toBe(
      404,
    );
  });

  it('the owner can neither leave nor remove themselves', async () => {
    const left = await owner.client.post(`/api/trips/${tripId}/leave`);
    expect(left.status).toBe(400);
    expect(left.body).toEqual({ code: 'owner_cannot_leave', message: OWNER_CANNOT_LEAVE });
    const removed = await owner.client.delete(`/api/trips/${tripId}/members/${owner.id}`);
    expect(removed.status).toBe(400);
    expect(removed.body).toEqual({ code: 'owner_cannot_leave', message: OWNER_CANNOT_LEAVE });
    expect((await owner.client.get(`/api/trips/${tripId}`)).status).toBe(200);
  });

  it('answers 404 for someone who is not a member, or an id that cannot be one', async () => {
    for (const userId of [outsider.id, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await owner.client.delete(`/api/trips/${tripId}/members/${userId}`);
      expect(res.status, userId).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: 'No such member' });
    }
  });
});

describe('permissions', () => {
  const ownerRoutes = (trip: string, userId: string) =>
    [
      ['GET', `/api/trips/${trip}/invitation`],
      ['POST', `/api/trips/${trip}/invitation/reset`],
      ['POST', `/api/trips/${trip}/invitations`, { email: 'pal@example.com' }],
      ['DELETE', `/api/trips/${trip}/members/${userId}`],
    ] as const;

  function call<T = unknown>(
    who: Pick<Account, 'client'>,
    [method, path, body]: readonly [string, string, unknown?],
  ) {
    if (method === 'GET') return who.client.get<T>(path);
    if (method === 'DELETE') return who.client.delete<T>(path);
    return who.client.post<T>(path, body);
  }

  it('a member gets 403 on the owner’s routes, and nothing changes', async () => {
    const { url } = await linkOf(owner);
    await t.deliverMail();
    const before = t.sentMail().length;
    for (const route of ownerRoutes(tripId, owner.id)) {
      const res = await call<ErrorResponse>(member, route);
      expect(res.status, route[1]).toBe(403);
      expect(res.body.message).toBe('Only the trip owner can manage its invitations and members.');
    }
    expect((await linkOf(owner)).url).toBe(url);
    await t.deliverMail();
    expect(t.sentMail()).toHaveLength(before);
    expect(await travellers(tripId)).toBe(2);
  });

  it('someone not on the trip gets 404 everywhere, as for a trip that does not exist', async () => {
    const routes = [
      ...ownerRoutes(tripId, member.id),
      ['POST', `/api/trips/${tripId}/leave`] as const,
    ];
    for (const route of routes) {
      const res = await call(outsider, route);
      expect(res.status, route[1]).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: 'No such trip' });
    }
    for (const route of ownerRoutes('not-a-trip', member.id)) {
      expect((await call(owner, route)).status, route[1]).toBe(404);
    }
    expect(await travellers(tripId)).toBe(2);
  });

  it('signed out: 401 on every trip route', async () => {
    const anonymous = { client: apiClient(t.url) };
    for (const route of [
      ...ownerRoutes(tripId, member.id),
      ['POST', `/api/trips/${tripId}/leave`] as const,
    ]) {
      expect((await call(anonymous, route)).status, route[1]).toBe(401);
    }
  });
});

describe('when the mail server is down', () => {
  it('answers at once and keeps the invitation to send later (issue #35)', async () => {
    const down = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const { client, id } = await createAccount(down);
      const trip = await createTrip(down.database.db, id);
      const res = await client.post(`/api/trips/${trip.id}/invitations`, {
        email: 'pal@example.com',
      });
      expect(res.status).toBe(200);
      await down.deliverMail();
      const list = await client.get<SentInvitations>(`/api/trips/${trip.id}/invitations`);
      expect(list.body.invitations).toEqual([
        expect.objectContaining({ email: 'pal@example.com', state: 'retrying' }),
      ]);
    } finally {
      await down.close();
    }
  });
});
