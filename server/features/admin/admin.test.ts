import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../shared/contracts/admin';
import { type ApiClient, apiClient, newAccount } from '../../test/apiClient';
import { startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
let admin: ApiClient;
let someone: ApiClient;
let someoneId: string;
beforeAll(async () => {
  t = await startTestApp();
  // The first account of a fresh database is the administrator; the next is a regular user.
  admin = apiClient(t.url);
  expect((await admin.post('/api/register', newAccount())).status).toBe(201);
  someone = apiClient(t.url);
  const res = await someone.post('/api/register', newAccount());
  expect(res.status).toBe(201);
  someoneId = res.body.user.id;
});
afterAll(() => t.close());

const planPath = (id: string) => `/api/admin/users/${id}/plan`;

describe('PATCH /api/admin/users/:id/plan', () => {
  it('sets the plan, and /api/user reports it with isPremium', async () => {
    const me = await someone.get('/api/user');
    expect(me.body).toMatchObject({ plan: 'free', isPremium: false });
    const username = me.body.username;

    for (const [plan, isPremium] of [
      ['premium', true],
      ['pro', true],
      ['free', false],
      ['pro', true],
    ] as const) {
      const res = await admin.patch(planPath(someoneId), { plan });
      expect(res.status, plan).toBe(200);
      expect(res.body).toEqual({ id: someoneId, username, plan, isPremium });
      expect((await someone.get('/api/user')).body).toMatchObject({ plan, isPremium });
    }
  });

  it('refuses an unknown plan with 400 and changes nothing', async () => {
    const before = (await someone.get('/api/user')).body.plan;
    for (const body of [{ plan: 'gold' }, { plan: '' }, {}, { plan: 2 }]) {
      const res = await admin.patch(planPath(someoneId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues).toContainEqual({ path: 'plan', message: ADMIN_MESSAGES.plan });
    }
    expect((await someone.get('/api/user')).body.plan).toBe(before);
  });

  it("answers 404 'No such user' for an unknown id or one that cannot be an id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await admin.patch(planPath(id), { plan: 'pro' });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('No such user');
    }
  });

  it('is for administrators only: 401 signed out, 403 for a regular user', async () => {
    const before = (await someone.get('/api/user')).body.plan;
    const signedOut = await apiClient(t.url).patch(planPath(someoneId), { plan: 'free' });
    expect(signedOut.status).toBe(401);
    // Refused before the body is looked at, so a bad body is a 401 too.
    expect((await apiClient(t.url).patch(planPath(someoneId), { plan: 'gold' })).status).toBe(401);

    const own = await someone.patch(planPath(someoneId), { plan: 'free' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('This needs an administrator account');
    expect((await someone.get('/api/user')).body.plan).toBe(before);
  });
});
