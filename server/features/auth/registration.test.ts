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
import { createTrip } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDatabase';
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
    for (const invitation of [url, `/join/${segment}`, segment, segment.slice(-22)]) {
      const res = await register({ invitation });
      expect(res.statusCode, invitation).toBe(201);
      // Signing up does not join the trip: that stays the client's POST /api/join/:code.
      expect(res.json().user.role).toBe('user');
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
