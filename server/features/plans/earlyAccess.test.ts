import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  type AdminEarlyAccessEntry,
  EARLY_ACCESS_MESSAGES,
  type EarlyAccessRequest,
  type MyEarlyAccess,
} from '../../../shared/contracts/plans';
import { type ApiClient, apiClient } from '../../test/apiClient';
import { createAccount, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  ({ client: admin } = await createAccount(t, { role: 'admin' }));
});
afterAll(() => t.close());

const listRequests = (query = '') =>
  admin.get<AdminEarlyAccessEntry[]>(`/api/admin/early-access${query}`);
const grant = (userId: string) =>
  admin.post<AdminEarlyAccessEntry | ErrorResponse>(`/api/admin/early-access/${userId}/grant`);

describe('early access to a paid plan (issue #17)', () => {
  it('records a request, which the account reads back and the administrators list', async () => {
    const { client, id } = await createAccount(t);
    expect((await client.get<MyEarlyAccess>('/api/early-access')).body).toEqual({ request: null });

    const asked = await client.post<EarlyAccessRequest>('/api/early-access', { plan: 'premium' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ plan: 'premium', grantedAt: null });
    expect((await client.get<MyEarlyAccess>('/api/early-access')).body.request).toEqual(asked.body);

    const me = (await client.get<CurrentUser>('/api/user')).body;
    const listed = (await listRequests()).body.find((entry) => entry.userId === id);
    expect(listed).toEqual({
      ...asked.body,
      userId: id,
      username: me.username,
      email: me.email,
      emailConfirmed: true,
      currentPlan: 'free',
    });
  });

  it('keeps one request per account: asking again replaces it and moves it to the top', async () => {
    const { client, id } = await createAccount(t);
    await client.post('/api/early-access', { plan: 'premium' });
    const other = await createAccount(t);
    await other.client.post('/api/early-access', { plan: 'pro' });
    expect((await listRequests()).body[0]?.userId).toBe(other.id);

    const again = await client.post<EarlyAccessRequest>('/api/early-access', { plan: 'pro' });
    expect(again.body.plan).toBe('pro');
    const list = (await listRequests()).body;
    expect(list[0]).toMatchObject({ userId: id, plan: 'pro' });
    expect(list.filter((entry) => entry.userId === id)).toHaveLength(1);
  });

  it('refuses a plan that is not a paid one, and one the account already has', async () => {
    const { client } = await createAccount(t, { plan: 'pro' });
    for (const body of [{ plan: 'free' }, { plan: 'gold' }, {}, { plan: 1 }]) {
      const res = await client.post<ErrorResponse>('/api/early-access', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues).toContainEqual({ path: 'plan', message: EARLY_ACCESS_MESSAGES.plan });
    }
    for (const plan of ['premium', 'pro']) {
      const res = await client.post<ErrorResponse>('/api/early-access', { plan });
      expect(res.status, plan).toBe(409);
      expect(res.body).toMatchObject({
        code: 'plan_held',
        message: 'Your account already has the Pro plan.',
      });
    }
    expect((await client.get<MyEarlyAccess>('/api/early-access')).body.request).toBeNull();
  });

  it('grants a request: the account moves to the plan, and its limits follow at once', async () => {
    const { client, id } = await createAccount(t);
    await client.post('/api/early-access', { plan: 'premium' });

    const granted = await grant(id);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ userId: id, plan: 'premium', currentPlan: 'premium' });
    const grantedAt = (granted.body as AdminEarlyAccessEntry).grantedAt;
    expect(grantedAt).not.toBeNull();
    expect((await client.get<CurrentUser>('/api/user')).body).toMatchObject({
      plan: 'premium',
      isPremium: true,
    });
    expect((await client.get<MyEarlyAccess>('/api/early-access')).body.request?.grantedAt).toBe(
      grantedAt,
    );
    // Granting again changes nothing, not even the time.
    expect(((await grant(id)).body as AdminEarlyAccessEntry).grantedAt).toBe(grantedAt);
  });

  it('never moves an account down: a Premium request granted after a move to Pro keeps Pro', async () => {
    const { client, id } = await createAccount(t);
    await client.post('/api/early-access', { plan: 'premium' });
    await admin.patch(`/api/admin/users/${id}/plan`, { plan: 'pro' });
    expect((await grant(id)).body).toMatchObject({ plan: 'premium', currentPlan: 'pro' });
    expect((await client.get<CurrentUser>('/api/user')).body.plan).toBe('pro');
  });

  it('answers 404 to a grant of a request that does not exist or an id that cannot be one', async () => {
    const { id } = await createAccount(t);
    for (const userId of [id, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await grant(userId);
      expect(res.status, userId).toBe(404);
      expect((res.body as ErrorResponse).message).toBe(EARLY_ACCESS_MESSAGES.noSuchRequest);
    }
  });

  it('pages the list newest first with the total, and refuses a cursor it did not give', async () => {
    for (let i = 0; i < 3; i++) {
      const { client } = await createAccount(t);
      await client.post('/api/early-access', { plan: 'premium' });
    }
    const everything = (await listRequests('?limit=500')).body;
    const seen: AdminEarlyAccessEntry[] = [];
    let query = '?limit=2';
    for (;;) {
      const res = await listRequests(query);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(everything.length));
      seen.push(...res.body);
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      query = `?limit=2&before=${encodeURIComponent(next)}`;
    }
    expect(seen).toEqual(everything);
    const times = seen.map((entry) => entry.requestedAt);
    expect(times).toEqual([...times].sort().reverse());

    const bad = await listRequests('?before=yesterday');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorResponse).message).toBe(EARLY_ACCESS_MESSAGES.badCursor);
  });

  it('is signed-in only to ask, and administrators only to list and grant', async () => {
    const { client, id } = await createAccount(t);
    await client.post('/api/early-access', { plan: 'pro' });
    const anonymous = apiClient(t.url);
    expect((await anonymous.get('/api/early-access')).status).toBe(401);
    expect((await anonymous.post('/api/early-access', { plan: 'pro' })).status).toBe(401);
    expect((await anonymous.get('/api/admin/early-access')).status).toBe(401);
    expect((await client.get('/api/admin/early-access')).status).toBe(403);
    expect((await client.post(`/api/admin/early-access/${id}/grant`)).status).toBe(403);
    expect((await client.get<CurrentUser>('/api/user')).body.plan).toBe('free');
  });

  it('goes with the account: deleting it deletes its request', async () => {
    const { client, id } = await createAccount(t);
    await client.post('/api/early-access', { plan: 'pro' });
    expect((await client.delete('/api/user', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await listRequests('?limit=500')).body.some((entry) => entry.userId === id)).toBe(
      false,
    );
  });
});
