import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { ADMIN_MESSAGES, type AdminUserPlan } from '../../../shared/contracts/plans';
import { type ApiClient, apiClient } from '../../test/apiClient';
import { createAccount } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
let admin: ApiClient;
let someone: ApiClient;
let someoneId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ client: admin } = await createAccount(t, { role: 'admin' }));
  ({ client: someone, id: someoneId } = await createAccount(t, { role: 'user' }));
});
afterAll(() => t.close());

const planPath = (id: string) => `/api/admin/users/${id}/plan`;

describe('PATCH /api/admin/users/:id/plan', () => {
  it('sets the plan, and /api/user reports it with isPremium', async () => {
    const me = await someone.get<CurrentUser>('/api/user');
    expect(me.body).toMatchObject({ plan: 'free', isPremium: false });
    const username = me.body.username;

    for (const [plan, isPremium] of [
      ['premium', true],
      ['pro', true],
      ['free', false],
      ['pro', true],
    ] as const) {
      const res = await admin.patch<AdminUserPlan>(planPath(someoneId), { plan });
      expect(res.status, plan).toBe(200);
      expect(res.body).toEqual({ id: someoneId, username, plan, isPremium });
      expect((await someone.get('/api/user')).body).toMatchObject({ plan, isPremium });
    }
  });

  it('refuses an unknown plan with 400 and changes nothing', async () => {
    const before = (await someone.get<CurrentUser>('/api/user')).body.plan;
    for (const body of [{ plan: 'gold' }, { plan: '' }, {}, { plan: 2 }]) {
      const res = await admin.patch<ErrorResponse>(planPath(someoneId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues).toContainEqual({ path: 'plan', message: ADMIN_MESSAGES.plan });
    }
    expect((await someone.get<CurrentUser>('/api/user')).body.plan).toBe(before);
  });

  it("answers 404 'No such user' for an unknown id or one that cannot be an id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await admin.patch<ErrorResponse>(planPath(id), { plan: 'pro' });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('No such user');
    }
  });

  it('is for administrators only: 401 signed out, 403 for a regular user', async () => {
    const before = (await someone.get<CurrentUser>('/api/user')).body.plan;
    const signedOut = await apiClient(t.url).patch(planPath(someoneId), { plan: 'free' });
    expect(signedOut.status).toBe(401);
    // Refused before the body is looked at, so a bad body is a 401 too.
    expect((await apiClient(t.url).patch(planPath(someoneId), { plan: 'gold' })).status).toBe(401);

    const own = await someone.patch<ErrorResponse>(planPath(someoneId), { plan: 'free' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('This needs an administrator account');
    expect((await someone.get<CurrentUser>('/api/user')).body.plan).toBe(before);
  });
});
