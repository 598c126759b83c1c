import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../shared/contracts/site';
import { authentication } from '../../platform/auth';
import type { Database } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { registerErrorHandling } from '../../platform/errors';
import { registerJsonBodies } from '../../platform/jsonBody';
import { apiClient, newAccount } from '../../test/apiClient';
import { createAccount, createTrip, createUsers } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDatabase';
import type { Live } from '../live';
import { resetLink } from '../members/invitations';
import { tripInvitations } from '../members/tables';
import { authRoutes } from './routes';

const INVITE_ONLY = 'Sign-up is by invitation only. Ask a friend on Tripmates to invite you.';
const PUBLIC_URL = 'http://127.0.0.1:5999';

describe('REGISTRATION=open (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('signs anyone up, with or without an invitation, valid or not', async () => {
    for (const invitation of [undefined, 'not-a-real-code', '']) {
      const res = await apiClient(t.url).post('/api/register', { ...newAccount(), invitation });
      expect(res.status, String(invitation)).toBe(201);
    }
  });

  describe('with an invitation, the sign-up keeps the trip (issue #38)', () => {
    type Registered = { user: { id: string }; tripId: string | null };
    async function invitedTo(plan: 'free' | 'pro' = 'pro', members = 0) {
      const owner = await createAccount(t, { plan });
      const memberIds = (await createUsers(t.database.db, members)).map((user) => user.id);
      const trip = await createTrip(t.database.db, owner.id, { name: 'Bali 2023', memberIds });
      const { url } = await resetLink(t.database.db, t.config.publicUrl, trip, owner.id);
      return { owner, trip, url };
    }
    const tripsOf = async (client: ReturnType<typeof apiClient>) =>
      (await client.get<{ id: string; role: string }[]>('/api/trips')).body;

    it('joins the trip in the same request: no Join click, no sample trip', async () => {
      const { owner, trip, url } = await invitedTo();
      const client = apiClient(t.url);
      const res = await client.post<Registered>('/api/register', {
        ...newAccount(),
        invitation: url,
      });
      expect(res.status).toBe(201);
      expect(res.body.tripId).toBe(trip.id);
      expect(await tripsOf(client)).toMatchObject([{ id: trip.id, role: 'member' }]);
      // The owner sees the newcomer on the trip, and in its activity.
      const members = await owner.client.get<{ id: string }[]>(`/api/trips/${trip.id}/members`);
      expect(members.body.map((member) => member.id)).toContain(res.body.user.id);
      const activity = await owner.client.get<{ kind: string }[]>(`/api/trips/${trip.id}/activity`);
      expect(activity.body.map((entry) => entry.kind)).toContain('member.joined');
    });

    it('signs up without joining when the link no longer works: the sample trip instead', async () => {
      const { trip, url } = await invitedTo();
      await t.database.db
        .update(tripInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(tripInvitations.tripId, trip.id));
      const client = apiClient(t.url);
      const res = await client.post<Registered>('/api/register', {
        ...newAccount(),
        invitation: url,
      });
      expect(res.status).toBe(201);
      expect(res.body.tripId).toBeNull();
      const mine = await tripsOf(client);
      expect(mine.map((one) => one.id)).not.toContain(trip.id);
      expect(mine).toMatchObject([{ role: 'owner' }]);
    });

    it('signs up without joining a trip that is full, which the join page then explains', async () => {
      const { trip, url } = await invitedTo('free', 3);
      const client = apiClient(t.url);
      const res = await client.post<Registered>('/api/register', {
        ...newAccount(),
        invitation: url,
      });
      expect(res.status).toBe(201);
      expect(res.body.tripId).toBeNull();
      expect((await client.get(`/api/trips/${trip.id}`)).status).toBe(404);
      const again = await client.post<{ code: string }>(`/api/join/${url.split('/join/')[1]}`);
      expect(again.status).toBe(403);
      expect(again.body.code).toBe('trip_full');
    });

    it('answers tripId null without an invitation', async () => {
      const res = await apiClient(t.url).post<Registered>('/api/register', newAccount());
      expect(res.body.tripId).toBeNull();
    });
  });

  it('still checks the invitation field is text of a sane length', async () => {
    const res = await apiClient(t.url).post('/api/register', {
      ...newAccount(),
      invitation: 'x'.repeat(301),
    });
    expect(res.status).toBe(400);
  });
});

/**
 * The auth routes alone, with sign-up by invitation only, over a database of their own (the
 * whole app under REGISTRATION=invite is tested at the end of this file).
 */
async function inviteOnlyApp(database: Database) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodies(app);
  await app.register(authentication, { db: database.db, publicUrl: PUBLIC_URL });
  // Joining an invitation's trip at sign-up (issue #38) tells the trip's room; no one listens here.
  app.decorate('live', { tripChanged() {}, disconnect() {} } as unknown as Live);
  await app.register(authRoutes, {
    db: database.db,
    publicUrl: PUBLIC_URL,
    registration: 'invite',
  });
  await app.ready();
  return app;
}

describe('REGISTRATION=invite', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof inviteOnlyApp>>;

  const register = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/register', payload: { ...newAccount(), ...body } });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await inviteOnlyApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets the very first account (the admin) in: nobody could have invited it', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('admin');
  });

  it('refuses sign-up without an invitation, or with one that does not work', async () => {
    for (const invitation of [undefined, '', 'nonsense', 'bali-AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await register({ invitation });
      expect(res.statusCode, String(invitation)).toBe(403);
      expect(res.json()).toEqual({ code: 'invite_only', message: INVITE_ONLY });
    }
  });

  it('accepts a valid invitation as its code, its link segment, path or whole URL', async () => {
    const [admin] = await database.db.select().from(users).limit(1);
    const trip = await createTrip(database.db, admin!.id, { name: 'Bali 2023' });
    const { url } = await resetLink(database.db, PUBLIC_URL, trip, admin!.id);
    const segment = url.split('/join/')[1]!;
    // A pro owner: the trip has room for all of them.
    await database.db.update(users).set({ plan: 'pro' }).where(eq(users.id, admin!.id));
    for (const invitation of [url, `/join/${segment}`, segment, segment.slice(-22)]) {
      const res = await register({ invitation });
      expect(res.statusCode, invitation).toBe(201);
      expect(res.json().user.role).toBe('user');
      // Issue #38: the sign-up joins the trip at once.
      expect(res.json().tripId).toBe(trip.id);
    }
  });

  it('refuses a link that was reset or has expired', async () => {
    const [admin] = await database.db.select().from(users).limit(1);
    const trip = await createTrip(database.db, admin!.id);
    const old = await resetLink(database.db, PUBLIC_URL, trip, admin!.id);
    const current = await resetLink(database.db, PUBLIC_URL, trip, admin!.id);
    expect((await register({ invitation: old.url })).statusCode).toBe(403);
    expect((await register({ invitation: current.url })).statusCode).toBe(201);

    await database.db
      .update(tripInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tripInvitations.tripId, trip.id));
    const expired = await register({ invitation: current.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ code: 'invite_only', message: INVITE_ONLY });
  });
});

describe('the whole app under REGISTRATION=invite', () => {
  it('refuses open sign-up once the first account exists, as configured', async () => {
    const t = await startTestApp({ env: { REGISTRATION: 'invite' } });
    try {
      const first = await apiClient(t.url).post('/api/register', newAccount());
      expect(first.status).toBe(201);
      const second = await apiClient(t.url).post('/api/register', newAccount());
      expect(second.status).toBe(403);
      expect(second.body).toEqual({ code: 'invite_only', message: INVITE_ONLY });
      expect((await apiClient(t.url).get<SiteConfig>('/api/site')).body.registration).toBe(
        'invite',
      );
    } finally {
      await t.close();
    }
  });
});
