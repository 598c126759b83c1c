import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSessions, CurrentUser, LoginActivity } from '../../../shared/contracts/account';
import { HOME_AIRPORT_MESSAGE } from '../../../shared/contracts/account';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { users } from '../../platform/db/schema';
import { apiClient, newAccount, TEST_PASSWORD } from '../../test/apiClient';
import { itRefusesBadBodies } from '../../test/badInput';
import { createAccount, createUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { generateTotpSecret, totpCode } from '../twofactor/totp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signIn = (username: string, password: string, client = apiClient(t.url)) =>
  client.post('/api/login', { username, password }).then(() => client);

describe('change password, sessions and activity', () => {
  it('changes the password, signs out other sessions and keeps this one with a new token', async () => {
    const { client, user } = await createAccount(t);
    const other = await signIn(user.username, TEST_PASSWORD);
    const before = client.cookie;
    const wrong = await client.post('/api/change-password', {
      currentPassword: 'nope',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(
      (
        await client.post('/api/change-password', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'password1',
        })
      ).status,
    ).toBe(400);
    const ok = await client.post('/api/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(ok.status).toBe(200);
    expect(client.cookie).not.toBe(before);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
  });

  it('limits password checks of a signed-in session to 10 a minute per address', async () => {
    const { client } = await createAccount(t);
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/change-password', {
        currentPassword: `wrong ${i}`,
        newPassword: 'a brand new passphrase',
      });
      expect(res.status).toBe(400);
    }
    const limited = await client.post('/api/change-password', {
      currentPassword: 'wrong again',
      newPassword: 'a brand new passphrase',
    });
    expect(limited.status).toBe(429);
  });

  // A stolen session must guess the password no faster than sign-in can: a wrong current
  // password counts against the account's 10, each claimed before it is checked.
  it('checks at most 10 of 100 current passwords sent at once, and locks sign-in', async () => {
    const { client, user } = await createAccount(t);
    let sent = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        // Each from its own address (198.18.0.0/15): the per-address limit is not what holds them.
        sent += 1;
        const from = apiClient(t.url, { ip: `198.18.${sent >> 8}.${sent & 255}` });
        from.cookie = client.cookie;
        return from.post<ErrorResponse>('/api/change-password', {
          currentPassword: `wrong ${i}`,
          newPassword: 'a brand new passphrase',
        });
      }),
    );
    const codes = answers.map((res) => res.body.code);
    expect(codes.filter((code) => code === 'wrong_password')).toHaveLength(10);
    expect(codes.filter((code) => code === 'account_locked')).toHaveLength(90);
    const signIn = await apiClient(t.url).post<ErrorResponse>('/api/login', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect([signIn.status, signIn.body.code]).toEqual([429, 'account_locked']);
  });

  it('lists sign-ins and failures, and active sessions that can be signed out', async () => {
    // Signed up over the API: the sign-up is the first line of the activity.
    const client = apiClient(t.url);
    const account = newAccount();
    expect((await client.post('/api/register', account)).status).toBe(201);
    await apiClient(t.url).post('/api/login', { username: account.username, password: 'wrong' });
    const phone = apiClient(t.url);
    await phone.post(
      '/api/login',
      { username: account.username, password: account.password },
      {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      },
    );
    const activity = await client.get<LoginActivity>('/api/login-activity');
    expect(activity.status).toBe(200);
    expect(activity.body.map((e) => e.outcome)).toEqual(['success', 'wrong_password', 'success']);
    expect(activity.body[0]!.browser).toBe('Safari on iOS');

    const list = await client.get<ActiveSessions>('/api/sessions');
    expect(list.body).toHaveLength(2);
    const current = list.body.find((s) => s.current)!;
    const others = list.body.filter((s) => !s.current);
    expect(others).toHaveLength(1);
    expect((await client.delete(`/api/sessions/${others[0]!.id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    const gone = await client.delete<ErrorResponse>(`/api/sessions/${others[0]!.id}`);
    expect(gone.status).toBe(404);
    // An id that cannot exist names nothing, exactly like one that does not (platform/errors.ts).
    const malformed = await client.delete<ErrorResponse>('/api/sessions/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(gone.body);

    // Another user's session id is simply not found.
    const stranger = await createAccount(t);
    expect((await stranger.client.delete(`/api/sessions/${current.id}`)).status).toBe(404);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const { client, user } = await createAccount(t);
    const a = await signIn(user.username, TEST_PASSWORD);
    const b = await signIn(user.username, TEST_PASSWORD);
    expect((await client.delete('/api/sessions')).status).toBe(200);
    expect((await a.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('profile and account', () => {
  it('edits the name; a picture is uploaded, not linked (issue #38 item 9)', async () => {
    const { client } = await createAccount(t);
    const res = await client.patch<CurrentUser>('/api/user', {
      firstName: 'Bea',
      lastName: '',
      // The page shows pictures from this site only: an address elsewhere is not taken.
      profileImageUrl: 'https://images.example.com/bea.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Bea', lastName: null, profileImageUrl: null });
  });

  it('keeps a home airport for flight searches (issue #21), and clears it', async () => {
    const { client } = await createAccount(t);
    const set = await client.patch<CurrentUser>('/api/user', { homeAirport: ' sin ' });
    expect(set.body.homeAirport).toBe('SIN');
    expect((await client.get<CurrentUser>('/api/user')).body.homeAirport).toBe('SIN');
    const wrong = await client.patch<ErrorResponse>('/api/user', { homeAirport: 'Singapore' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(HOME_AIRPORT_MESSAGE);
    const cleared = await client.patch<CurrentUser>('/api/user', { homeAirport: '' });
    expect(cleared.body.homeAirport).toBeNull();
  });
});

describe('changing the e-mail address (issue #16: no way to test whose address is taken)', () => {
  const linkIn = (text: string) => text.match(/confirm-email\?token=([\w-]+)/)?.[1];
  const mailTo = async (address: string) => {
    await expect.poll(() => t.sentMail().some((mail) => mail.to === address)).toBe(true);
    return t.sentMail().findLast((mail) => mail.to === address)!;
  };

  it('takes effect through the link sent to the new address, once', async () => {
    const { client, user } = await createAccount(t);
    const address = `bea${Date.now()}@example.com`;
    const res = await client.patch<CurrentUser>('/api/user', { email: address, firstName: 'Bea' });
    expect(res.status).toBe(200);
    // Nothing changes yet but the name.
    expect(res.body).toMatchObject({ email: user.email, firstName: 'Bea' });
    const mail = await mailTo(address);
    expect(mail.subject).toBe('Confirm your new Tripmates e-mail address');
    const token = linkIn(mail.text)!;

    const confirmed = await apiClient(t.url).post<{ email: string }>('/api/confirm-email', {
      token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: address });
    expect((await client.get<CurrentUser>('/api/user')).body.email).toBe(address);
    const again = await apiClient(t.url).post<ErrorResponse>('/api/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('email_link_invalid');
  });

  it("answers a taken address exactly like a free one, and tells that address's owner", async () => {
    const { client, user } = await createAccount(t);
    const other = await createUser(t.database.db);
    const free = `free${Date.now()}@example.com`;
    const taken = await client.patch<CurrentUser>('/api/user', { email: other.email });
    const open = await client.patch<CurrentUser>('/api/user', { email: free });
    expect([taken.status, open.status]).toEqual([200, 200]);
    // Alike but for the address each asked for, which waits for its link.
    expect({ ...taken.body, pendingEmail: free }).toEqual(open.body);
    expect(taken.body).toMatchObject({ email: user.email, pendingEmail: other.email });
    const note = await mailTo(other.email);
    expect(note.subject).toBe('This address already has a Tripmates account');
    expect(linkIn(note.text)).toBeUndefined();
    await mailTo(free);
  });

  it('refuses a link whose address another account took meanwhile', async () => {
    const { client } = await createAccount(t);
    const address = `race${Date.now()}@example.com`;
    await client.patch('/api/user', { email: address });
    const token = linkIn((await mailTo(address)).text)!;
    await createUser(t.database.db, { email: address });
    const res = await apiClient(t.url).post<ErrorResponse>('/api/confirm-email', { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_taken');
  });

  it('takes at most 5 new addresses an hour per account', async () => {
    const { client } = await createAccount(t);
    for (let i = 0; i < 5; i++) {
      const res = await client.patch('/api/user', { email: `hour${i}${Date.now()}@example.com` });
      expect(res.status).toBe(200);
    }
    const sixth = await client.patch<ErrorResponse>('/api/user', { email: 'six@example.com' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('rate_limited');
  });

  it('deletes the account with the password (and code when 2FA is on), ending its sessions', async () => {
    const secret = generateTotpSecret();
    const { client, user } = await createAccount(t, {
      twoFactorEnabled: true,
      totpSecret: secret,
    });
    expect((await client.delete('/api/user', { password: 'wrong' })).status).toBe(400);
    expect((await client.delete('/api/user', { password: TEST_PASSWORD })).status).toBe(400);
    const res = await client.delete('/api/user', {
      password: TEST_PASSWORD,
      token: totpCode(secret, Date.now()),
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const [{ count } = { count: -1 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.id, user.id));
    expect(count).toBe(0);
    const login = await apiClient(t.url).post('/api/login', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(401);
  });
});

describe('probing e-mail addresses', () => {
  it('is held to 20 profile edits a minute per address', async () => {
    const { client } = await createAccount(t);
    for (let i = 0; i < 20; i++) {
      expect((await client.patch('/api/user', { firstName: `Ana${i}` })).status).toBe(200);
    }
    const probe = await client.patch<ErrorResponse>('/api/user', { firstName: 'Probe' });
    expect(probe.status).toBe(429);
    expect(probe.body.code).toBe('rate_limited');
  });
});

describe('bad input never reaches a 5xx', () => {
  itRefusesBadBodies(
    () => t,
    [
      ['POST', '/api/change-password'],
      // Every field of PATCH /api/user is optional: an empty edit is a valid no-op.
      ['PATCH', '/api/user', ['an empty object']],
      ['PUT', '/api/notification-preferences'],
      ['DELETE', '/api/user'],
    ],
  );
});
