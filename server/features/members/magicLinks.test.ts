import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { MagicLinkConsumeResponse, MagicLinkPreview } from '../../../shared/contracts/members';
import { loginEvents, tripMembers, users } from '../../platform/db/schema';
import { hashToken } from '../../platform/tokens';
import { apiClient } from '../../test/apiClient';
import {
  type Account,
  CAST_TRIP_PREVIEW,
  createAccount,
  createTrip,
  createTripCast,
  createUser,
  createUsers,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { totpCode } from '../twofactor/totp';
import { magicLinks } from './tables';

const PLAN_REQUIRED =
  'Magic-link invitations come with the Premium and Pro plans. Upgrade to send one, or share ' +
  'the invitation link instead.';
const LINK_INVALID =
  'This magic link has already been used or has expired. Ask the trip owner for a new one.';
const PREMIUM_FULL =
  "This trip is full: its owner's Premium plan allows up to 10 travellers. " +
  'Ask the owner to upgrade or to make room.';
const DAY = 86_400_000;

/** POST /api/magic/:token for an account without two-factor: signed in and on the trip. */
type SignedIn = Extract<MagicLinkConsumeResponse, { user: unknown }>;

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let tripId: string;

async function setPlan(userId: string, plan: 'free' | 'premium' | 'pro') {
  await t.database.db.update(users).set({ plan }).where(eq(users.id, userId));
}

let uniqueAddresses = 0;
function freshAddress(local = 'friend') {
  uniqueAddresses += 1;
  return `${local}.${Date.now().toString(36)}${uniqueAddresses}@Example.com`;
}

/** Sends a magic link as `who` and returns the token read from the e-mail it sent. */
async function send(
  email: string,
  options: { who?: Account; trip?: string; name?: string } = {},
): Promise<string> {
  const who = options.who ?? owner;
  await t.deliverMail();
  const before = t.sentMail().length;
  const res = await who.client.post<OkResponse>(
    `/api/trips/${options.trip ?? tripId}/magic-links`,
    {
      email,
      ...(options.name ? { name: options.name } : {}),
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ success: true });
  await t.deliverMail();
  const mail = t.sentMail().slice(before);
  expect(mail).toHaveLength(1);
  const token = new RegExp(`${t.config.publicUrl}/magic/([\\w-]+)`).exec(mail[0]!.text)?.[1];
  expect(token).toMatch(/^[\w-]{43}$/);
  return token!;
}

async function userByEmail(email: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

async function isOnTrip(userId: string, trip = tripId) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, trip), eq(tripMembers.userId, userId)));
  return row!.n === 1;
}

beforeAll(async () => {
  t = await startTestApp();
  // Pro: no traveller limit, so the many joins below never fill the trip.
  ({ owner, member, outsider, tripId } = await createTripCast(t, { owner: { plan: 'pro' } }));
});
afterAll(() => t.close());

describe('sending a magic link', () => {
  it('is refused to a Free owner, with the upgrade note, and sends nothing', async () => {
    const free = await createAccount(t, { firstName: 'Fay' });
    const trip = await createTrip(t.database.db, free.id, { name: 'Free trip' });
    await t.deliverMail();
    const before = t.sentMail().length;
    const res = await free.client.post(`/api/trips/${trip.id}/magic-links`, {
      email: 'friend@example.com',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'plan_required', message: PLAN_REQUIRED });
    await t.deliverMail();
    expect(t.sentMail()).toHaveLength(before);
    const rows = await t.database.db
      .select()
      .from(magicLinks)
      .where(eq(magicLinks.tripId, trip.id));
    expect(rows).toEqual([]);
  });

  it('e-mails a Premium owner’s invitee a link with the trip and inviter, valid 7 days', async () => {
    const premium = await createAccount(t, {
      firstName: 'Pam',
      lastName: 'Reyes',
      plan: 'premium',
    });
    const trip = await createTrip(t.database.db, premium.id, { name: 'Lisbon  weekend' });
    const address = freshAddress();
    const before = Date.now();
    const token = await send(address, { who: premium, trip: trip.id, name: 'Carla' });
    await t.deliverMail();
    const mail = t.sentMail().at(-1)!;
    expect(mail.to).toBe(address);
    expect(mail.subject).toBe('Pam Reyes invited you to Lisbon weekend on Tripmates');
    expect(mail.text).toContain('Hi Carla,');
    expect(mail.text).toContain('Pam Reyes invited you to plan "Lisbon weekend"');
    expect(mail.text).toContain(`${t.config.publicUrl}/magic/${token}`);

    const [row] = await t.database.db
      .select()
      .from(magicLinks)
      .where(eq(magicLinks.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ tripId: trip.id, email: address.toLowerCase(), name: 'Carla' });
    expect(row!.createdBy).toBe(premium.id);
    expect(row!.usedAt).toBeNull();
    const expires = row!.expiresAt.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
  });

  it('keeps only the SHA-256 of the token, never the token itself', async () => {
    const token = await send(freshAddress());
    const rows = await t.database.db.select().from(magicLinks);
    expect(JSON.stringify(rows)).not.toContain(token);
    const mine = rows.filter((row) => row.tokenHash === hashToken(token));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates the e-mail address like an e-mail invitation', async () => {
    for (const email of ['not-an-address', '', 'a@b', `${'x'.repeat(250)}@example.com`]) {
      const res = await owner.client.post<ErrorResponse>(`/api/trips/${tripId}/magic-links`, {
        email,
      });
      expect(res.status, email).toBe(400);
      expect(res.body).toEqual({
        code: 'invalid_email',
        message: 'Please enter a valid email address',
      });
    }
  });

  it('is the owner’s: outsiders get 404, members 403, signed-out callers 401', async () => {
    const body = { email: 'sneaky@example.com' };
    const url = `/api/trips/${tripId}/magic-links`;
    await t.deliverMail();
    const before = t.sentMail().length;
    const intruder = await outsider.client.post(url, body);
    expect(intruder.status).toBe(404);
    expect(JSON.stringify(intruder.body)).not.toContain('Bali');
    await setPlan(outsider.id, 'pro');
    expect((await outsider.client.post(url, body)).status).toBe(404);
    await setPlan(outsider.id, 'free');
    const byMember = await member.client.post<ErrorResponse>(url, body);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe(
      'Only the trip owner can manage its invitations and members.',
    );
    expect((await apiClient(t.url).post(url, body)).status).toBe(401);
    await t.deliverMail();
    expect(t.sentMail()).toHaveLength(before);
  });
});

describe('the magic link', () => {
  it('previews the trip and the address, for anyone holding it', async () => {
    const address = freshAddress();
    const token = await send(address);
    const res = await apiClient(t.url).get<MagicLinkPreview>(`/api/magic/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      trip: CAST_TRIP_PREVIEW,
      email: address.toLowerCase(),
    });
  });

  it('answers 404 for unknown and malformed tokens', async () => {
    const visitor = apiClient(t.url);
    for (const token of ['x'.repeat(43), 'nope', 'a'.repeat(90)]) {
      const preview = await visitor.get(`/api/magic/${token}`);
      expect(preview.status, token).toBe(404);
      expect(preview.body).toEqual({ code: 'magic_link_invalid', message: LINK_INVALID });
      expect((await visitor.post(`/api/magic/${token}`)).status).toBe(404);
    }
  });

  it('makes a passwordless account, joins the trip and signs in', async () => {
    const address = 'Carla.Mendes+trips@Example.org';
    const token = await send(address, { name: 'Carla Mendes' });
    const visitor = apiClient(t.url);
    const res = await visitor.post<SignedIn>(`/api/magic/${token}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tripId).toBe(tripId);
    expect(res.body.user).toMatchObject({
      email: address.toLowerCase(),
      firstName: 'Carla Mendes',
      lastName: null,
      plan: 'free',
      isPremium: false,
      role: 'user',
      twoFactorEnabled: false,
    });
    expect(res.body.user.username).toBe('carla.mendestrips');
    expect(visitor.cookie).toBeTruthy();

    const me = await visitor.get<CurrentUser>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body.user);
    const trip = await visitor.get(`/api/trips/${tripId}`);
    expect(trip.status).toBe(200);

    const stored = await userByEmail(address);
    expect(stored!.passwordHash).toBeNull();
    expect(await isOnTrip(stored!.id)).toBe(true);
    const events = await t.database.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, stored!.id));
    expect(events.map((event) => event.outcome)).toEqual(['success']);
  });

  it('makes usernames unique and long enough', async () => {
    const taken = await createUser(t.database.db, { username: `jo_${Date.now().toString(36)}` });
    const local = (await userByEmail(taken.email))!.username;
    // The same local part as an existing username, and one too short to be a username.
    const first = await apiClient(t.url).post<SignedIn>(
      `/api/magic/${await send(`${local}@elsewhere.example.com`)}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.user.username).toBe(`${local}-2`);
    const short = await apiClient(t.url).post<SignedIn>(
      `/api/magic/${await send(`j${Date.now().toString(36).slice(-1)}@short.example.com`)}`,
    );
    expect(short.status).toBe(200);
    expect(short.body.user.username).toMatch(/^j.-traveller(-\d+)?$/);
  });

  it('signs an existing account in (address in any case), without a second account', async () => {
    const friend = await createUser(t.database.db, { firstName: 'Dina' });
    const token = await send(friend.email.toUpperCase(), { name: 'Someone Else' });
    const [{ n: accountsBefore }] = (await t.database.db.select({ n: count() }).from(users)) as [
      { n: number },
    ];
    const browser = apiClient(t.url);
    const res = await browser.post<SignedIn>(`/api/magic/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(friend.id);
    // The account keeps its own name: the owner's guess does not overwrite it.
    expect(res.body.user.firstName).toBe('Dina');
    expect((await browser.get<CurrentUser>('/api/user')).body.id).toBe(friend.id);
    expect(await isOnTrip(friend.id)).toBe(true);
    const [{ n: accountsAfter }] = (await t.database.db.select({ n: count() }).from(users)) as [
      { n: number },
    ];
    expect(accountsAfter).toBe(accountsBefore);
  });

  it('signs in someone already on the trip without changing the membership', async () => {
    const token = await send(member.user.email);
    const res = await apiClient(t.url).post<SignedIn>(`/api/magic/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.id);
    const [row] = await t.database.db
      .select()
      .from(tripMembers)
      .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, member.id)));
    expect(row!.role).toBe('member');
  });

  it('replaces the session the browser had, as sign-in does', async () => {
    const someone = await createAccount(t);
    const oldCookie = someone.client.cookie;
    const invitee = await createUser(t.database.db);
    const res = await someone.client.post(`/api/magic/${await send(invitee.email)}`);
    expect(res.status).toBe(200);
    expect(someone.client.cookie).not.toBe(oldCookie);
    expect((await someone.client.get<CurrentUser>('/api/user')).body.id).toBe(invitee.id);
    const stale = apiClient(t.url);
    stale.cookie = oldCookie;
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('asks an account with two-factor on for its code, as login does', async () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const secure = await createUser(t.database.db, {
      firstName: 'Sam',
      twoFactorEnabled: true,
      totpSecret: secret,
    });
    const browser = apiClient(t.url);
    const res = await browser.post(`/api/magic/${await send(secure.email)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requiresTwoFactor: true, tripId });
    // Half signed in: nothing but the code step.
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await browser.get(`/api/trips/${tripId}`)).status).toBe(401);

    const verified = await browser.post('/api/verify-2fa', { token: totpCode(secret, Date.now()) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await browser.get<CurrentUser>('/api/user')).body.id).toBe(secure.id);
    expect((await browser.get(`/api/trips/${tripId}`)).status).toBe(200);
  });

  it('works once: a second use, or a second look, is a 404', async () => {
    const token = await send(freshAddress());
    expect((await apiClient(t.url).post(`/api/magic/${token}`)).status).toBe(200);
    const again = await apiClient(t.url).post(`/api/magic/${token}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'magic_link_invalid', message: LINK_INVALID });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await apiClient(t.url).get(`/api/magic/${token}`)).status).toBe(404);
  });

  it('works once even when two uses arrive at once', async () => {
    const address = freshAddress();
    const token = await send(address);
    const [a, b] = await Promise.all([
      apiClient(t.url).post(`/api/magic/${token}`),
      apiClient(t.url).post(`/api/magic/${token}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    const accounts = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, address.toLowerCase()));
    expect(accounts).toHaveLength(1);
  });

  it('expires after 7 days', async () => {
    const token = await send(freshAddress());
    await t.database.db
      .update(magicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(magicLinks.tokenHash, hashToken(token)));
    const visitor = apiClient(t.url);
    const preview = await visitor.get(`/api/magic/${token}`);
    expect(preview.status).toBe(404);
    expect(preview.body).toEqual({ code: 'magic_link_invalid', message: LINK_INVALID });
    const used = await visitor.post(`/api/magic/${token}`);
    expect(used.status).toBe(404);
    expect(visitor.cookie).toBeNull();
  });

  it('is refused on a full trip, changes nothing, and works once the owner makes room', async () => {
    // A Premium owner's trip with 10 travellers, the owner included.
    const host = await createAccount(t, { firstName: 'Hugo', plan: 'premium' });
    const seeded = await createUsers(t.database.db, 9);
    const trip = await createTrip(t.database.db, host.id, {
      name: 'Full villa',
      memberIds: seeded.map((row) => row.id),
    });
    const address = freshAddress();
    const token = await send(address, { who: host, trip: trip.id });

    const visitor = apiClient(t.url);
    const refused = await visitor.post(`/api/magic/${token}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'trip_full', message: PREMIUM_FULL });
    expect(visitor.cookie).toBeNull();
    expect(await userByEmail(address)).toBeUndefined();
    expect((await visitor.get(`/api/magic/${token}`)).status).toBe(200);

    const removed = await host.client.delete(`/api/trips/${trip.id}/members/${seeded[0]!.id}`);
    expect(removed.status).toBe(200);
    const accepted = await visitor.post<SignedIn>(`/api/magic/${token}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.tripId).toBe(trip.id);
    expect(await isOnTrip(accepted.body.user.id, trip.id)).toBe(true);
  });
});

describe('a passwordless account', () => {
  it('can choose a password through "forgot password"', async () => {
    const address = freshAddress();
    const browser = apiClient(t.url);
    expect((await browser.post(`/api/magic/${await send(address)}`)).status).toBe(200);

    await t.deliverMail();
    const before = t.sentMail().length;
    expect((await apiClient(t.url).post('/api/forgot-password', { email: address })).status).toBe(
      200,
    );
    await expect.poll(() => t.sentMail().length).toBe(before + 1);
    const resetToken = /token=([\w-]+)/.exec(t.sentMail().at(-1)!.text)?.[1];
    const password = 'a long walk along the beach';
    const reset = await apiClient(t.url).post('/api/reset-password', {
      token: resetToken,
      password,
    });
    expect(reset.status).toBe(200);
    const login = apiClient(t.url);
    const signedIn = await login.post('/api/login', { username: address, password });
    expect(signedIn.status).toBe(200);
  });
});
