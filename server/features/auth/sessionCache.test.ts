import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/contracts/account';
import { sessions, users } from '../../platform/db/schema';
import { type ApiClient, apiClient } from '../../test/apiClient';
import { createAccount, signedInClient, TEST_PASSWORD } from '../../test/factories';
import { startTwoInstances, type TestApp } from '../../test/testApp';

/**
 * Issue #18: on the embedded database a signed-in request's session is answered from memory.
 * Whatever changes an account or its sessions — any route, any code path, another server on the
 * same database — must be seen by the very next request: a revoked session is never served.
 */
let a: TestApp;
let b: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close: stop } = await startTwoInstances());
});
afterAll(() => stop?.());

/** Another client holding the same session cookie, talking to `app`. */
function sameCookieOn(app: TestApp, client: ApiClient) {
  const copy = apiClient(app.url);
  copy.cookie = client.cookie;
  return copy;
}

const me = (client: ApiClient) => client.get<CurrentUser>('/api/user');

describe('the session cache (issue #18)', () => {
  it('never serves a session after logout, on this server or the other', async () => {
    const { client } = await createAccount(a);
    const onB = sameCookieOn(b, client);
    const onA = sameCookieOn(a, client);
    expect((await me(onA)).status).toBe(200);
    expect((await me(onB)).status).toBe(200); // both have read it now

    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await me(onA)).status).toBe(401);
    expect((await me(onB)).status).toBe(401);
  });

  it("never serves the other devices' sessions after a password change", async () => {
    const { client: laptop, user } = await createAccount(a);
    const phone = await signedInClient(a, user);
    const phoneOnB = sameCookieOn(b, phone);
    expect((await me(phone)).status).toBe(200);
    expect((await me(phoneOnB)).status).toBe(200);

    const changed = await laptop.post('/api/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(phoneOnB)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
  });

  it('never serves a session deleted by any code path', async () => {
    const { client, id } = await createAccount(a);
    const onB = sameCookieOn(b, client);
    expect((await me(client)).status).toBe(200);
    expect((await me(onB)).status).toBe(200);
    await a.database.db.delete(sessions).where(eq(sessions.userId, id));
    expect((await me(client)).status).toBe(401);
    expect((await me(onB)).status).toBe(401);
  });

  it('shows a change to the account at once, whoever made it', async () => {
    const { client, id } = await createAccount(a);
    const onB = sameCookieOn(b, client);
    expect((await me(onB)).body.firstName).toBe('Ana');

    const renamed = await client.patch<CurrentUser>('/api/user', { firstName: 'Anabel' });
    expect(renamed.status).toBe(200);
    expect((await me(client)).body.firstName).toBe('Anabel');
    expect((await me(onB)).body.firstName).toBe('Anabel');

    // Straight in the database (an operator's command, another feature's transaction).
    await a.database.db.update(users).set({ plan: 'pro' }).where(eq(users.id, id));
    expect((await me(client)).body).toMatchObject({ plan: 'pro', isPremium: true });
    expect((await me(onB)).body.plan).toBe('pro');

    await a.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    expect((await client.get('/api/admin/waitlist')).status).toBe(200);
    await a.database.db.update(users).set({ role: 'user' }).where(eq(users.id, id));
    expect((await client.get('/api/admin/waitlist')).status).toBe(403);
  });

  it('answers a known session from memory (with the announcements off, a deletion goes unseen)', async () => {
    const { client, id } = await createAccount(a);
    expect((await me(client)).status).toBe(200);
    // Only to show the cache is what answers: the database's announcements are switched off
    // for this one statement, which no code path of Tripmates ever does.
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.userId, id));
    });
    expect((await me(client)).status).toBe(200);
  });
});
