import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { LoginResponse, OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { SetupTwoFactorResponse } from '../../../shared/contracts/twofactor';
import {
  loginEvents,
  loginThrottles,
  passwordResetTokens,
  sessions,
} from '../../platform/db/schema';
import { hashToken } from '../../platform/tokens';
import { apiClient, newAccount, TEST_PASSWORD } from '../../test/apiClient';
import { itRefusesBadBodies } from '../../test/badInput';
import { createAccount, createUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { generateTotpSecret, totpCode } from '../twofactor/totp';
import { LOCKED_MESSAGE } from './loginThrottle';

type SignedIn = { success: true; user: CurrentUser };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Signs up over the API: for the tests of sign-up, and of the session it starts. */
async function signUp(overrides: Record<string, string> = {}) {
  const client = apiClient(t.url);
  const account = newAccount(overrides);
  const res = await client.post<SignedIn>('/api/register', account);
  expect(res.status).toBe(201);
  return { client, account, user: res.body.user };
}

const signIn = (username: string, password: string, client = apiClient(t.url)) =>
  client.post<LoginResponse & ErrorResponse>('/api/login', { username, password });

describe('sign-up', () => {
  it('creates the account, signs in, and makes the very first account admin', async () => {
    const { client, account, user } = await signUp();
    expect(user).toEqual({
      id: expect.any(String),
      username: account.username,
      firstName: 'Ana',
      lastName: 'Lima',
      // The address counts once the link sent to it is opened.
      email: null,
      pendingEmail: account.email,
      profileImageUrl: null,
      homeAirport: null,
      isPremium: false,
      plan: 'free',
      role: 'admin',
      twoFactorEnabled: false,
      hasPassword: true,
      // Issue #38: the first account is told it is the administrator, once.
      adminWelcome: true,
    });
    const me = await client.get<CurrentUser>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    const second = await signUp();
    expect(second.user.role).toBe('user');
    expect(second.user.adminWelcome).toBe(false);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie holding a 256-bit token, stored only hashed', async () => {
    const res = await fetch(`${t.url}/api/register`, {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'application/json' },
      body: JSON.stringify(newAccount()),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tm_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http here; see the https test below
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('refuses a taken username, ignoring case, and says so (usernames are public in a trip)', async () => {
    const taken = await createUser(t.database.db);
    const sameName = await apiClient(t.url).post<ErrorResponse>(
      '/api/register',
      newAccount({ username: taken.username.toUpperCase() }),
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('username_taken');
  });

  // Issue #16: a 409 for a taken address told anyone whether it had an account.
  it("answers a taken e-mail exactly like a free one, and tells that address's owner", async () => {
    const owner = await createUser(t.database.db);
    const free = newAccount();
    const [taken, open] = await Promise.all([
      apiClient(t.url).post<SignedIn>(
        '/api/register',
        newAccount({ email: owner.email.toUpperCase() }),
      ),
      apiClient(t.url).post<SignedIn>('/api/register', free),
    ]);
    expect([taken.status, open.status]).toEqual([201, 201]);
    const shape = (body: SignedIn) => ({ ...body.user, id: '', username: '', pendingEmail: '' });
    expect(shape(taken.body)).toEqual(shape(open.body));
    expect(taken.body.user).toMatchObject({ email: null, pendingEmail: owner.email.toUpperCase() });

    const mailTo = async (address: string) => {
      await expect
        .poll(() => t.sentMail().some((mail) => mail.to.toLowerCase() === address))
        .toBe(true);
      return t.sentMail().findLast((mail) => mail.to.toLowerCase() === address)!;
    };
    const note = await mailTo(owner.email.toLowerCase());
    expect(note.subject).toBe('This address already has a Tripmates account');
    expect(note.text).not.toMatch(/confirm-email\?token=/);
    const link = await mailTo(free.email.toLowerCase());
    expect(link.subject).toBe('Confirm your e-mail address for Tripmates');
    const token = /confirm-email\?token=([\w-]+)/.exec(link.text)![1]!;

    // The free address's link confirms it; the owner's address stays the owner's.
    expect((await apiClient(t.url).post('/api/confirm-email', { token })).status).toBe(200);
    const signedIn = await apiClient(t.url).post<SignedIn>('/api/login', {
      username: free.email,
      password: free.password,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: free.email, pendingEmail: null });
  });

  it.each([
    [{ username: 'ab' }, 'username', /at least 3/],
    [{ username: 'x'.repeat(33) }, 'username', /at most 32/],
    [{ username: 'ana lima' }, 'username', /letters, digits/],
    [{ username: 'ana@home' }, 'username', /letters, digits/],
    [{ email: 'not-an-email' }, 'email', /valid email/],
    [{ password: 'short' }, 'password', /at least 8/],
    [{ password: 'x'.repeat(129) }, 'password', /at most 128/],
  ])('refuses %o with 400 naming %s', async (override, field, message) => {
    const res = await apiClient(t.url).post<ErrorResponse>('/api/register', newAccount(override));
    expect(res.status).toBe(400);
    expect(res.body.issues![0]!.path).toBe(field);
    expect(res.body.message).toMatch(message);
  });

  it('refuses one of the 1,000 most common passwords', async () => {
    const res = await apiClient(t.url).post<ErrorResponse>(
      '/api/register',
      newAccount({ password: 'football' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/too common/);
  });

  it('accepts 8 and 128 character passwords', async () => {
    for (const password of ['k9!vQz#2', `${'p'.repeat(127)}Q`]) {
      const res = await apiClient(t.url).post('/api/register', newAccount({ password }));
      expect(res.status).toBe(201);
    }
  });
});

describe('sign-in and sign-out', () => {
  it('accepts the username or the e-mail, in any case', async () => {
    const user = await createUser(t.database.db);
    for (const username of [user.username, user.email.toUpperCase()]) {
      const client = apiClient(t.url);
      const res = await signIn(username, TEST_PASSWORD, client);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, user: { username: user.username } });
      expect((await client.get('/api/user')).status).toBe(200);
    }
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const user = await createUser(t.database.db);
    const wrong = await signIn(user.username, 'not my password');
    const unknown = await signIn('nobody_here', 'not my password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid username or password',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('takes as long for an unknown user as for a wrong password', async () => {
    const user = await createUser(t.database.db);
    const time = async (username: string) => {
      const start = performance.now();
      await signIn(username, 'not my password');
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await time(user.username));
      unknown.push(await time(`ghost_${i}_${user.username}`));
    }
    // Without the decoy hash an unknown user answers in a few milliseconds, argon2 takes tens.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('asks for both fields', async () => {
    for (const body of [
      {},
      { username: 'ana' },
      { password: 'x' },
      { username: '', password: '' },
    ]) {
      const res = await apiClient(t.url).post<ErrorResponse>('/api/login', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Please enter your username and password/);
    }
  });

  it('gives a new session token at every sign-in', async () => {
    const { client, user } = await createAccount(t);
    const before = client.cookie;
    await signIn(user.username, TEST_PASSWORD, client);
    expect(client.cookie).not.toBe(before);
    const stale = apiClient(t.url);
    stale.cookie = before;
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('ends the session on the server at logout', async () => {
    const { client } = await createAccount(t);
    const token = client.cookie;
    const res = await client.post<OkResponse>('/api/logout');
    expect(res.status).toBe(200);
    expect(client.cookie).toBeNull();
    const replay = apiClient(t.url);
    replay.cookie = token;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('sets a readable signed-in mark with the session, and clears it at logout (issue #38)', async () => {
    const mark = (res: { headers: Headers }) =>
      res.headers
        .getSetCookie()
        .filter((line) => line.startsWith(`${SIGNED_IN_COOKIE}=`))
        .map((line) => (/Expires=Thu, 01 Jan 1970/i.test(line) ? 'cleared' : line));
    const { client, user } = await createAccount(t);
    const signedIn = await signIn(user.username, TEST_PASSWORD, client);
    const [set] = mark(signedIn);
    // Scripts read it (no HttpOnly): it holds 1, nothing secret, and lives as long as the session.
    expect(set).toMatch(
      new RegExp(`^${SIGNED_IN_COOKIE}=1; Max-Age=2592000; Path=/; SameSite=Lax$`),
    );
    expect(mark(await client.post('/api/logout'))).toEqual(['cleared']);
    // A wrong password changes no cookie.
    expect(mark(await signIn(user.username, 'not the password'))).toEqual([]);
  });

  it('answers 401 without a session, or with a made-up one', async () => {
    expect((await apiClient(t.url).get<ErrorResponse>('/api/user')).body).toEqual({
      code: 'unauthenticated',
      message: 'Please sign in to continue',
    });
    const forged = apiClient(t.url);
    forged.cookie = 'A'.repeat(43);
    expect((await forged.get('/api/user')).status).toBe(401);
  });
});

describe('brute-force protection', () => {
  // Bursts come from many addresses (198.18.0.0/15, for benchmarks), one request each: the
  // per-address limit of 20 a minute is not what holds them.
  let burst = 0;
  const burstClient = () => {
    burst += 1;
    return apiClient(t.url, { ip: `198.18.${burst >> 8}.${burst & 255}` });
  };

  it('locks an account for 15 minutes after 10 wrong passwords in a row', async () => {
    const user = await createUser(t.database.db);
    const client = apiClient(t.url);
    for (let i = 0; i < 10; i++) {
      const res = await signIn(user.username, `wrong ${i}`, client);
      expect(res.status).toBe(401);
    }
    const locked = await signIn(user.username, TEST_PASSWORD, client);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/try again/);

    // The same answer for a name that has no account: the lock does not confirm existence.
    const prober = apiClient(t.url);
    for (let i = 0; i < 10; i++) {
      await signIn('no_such_traveller', `wrong ${i}`, prober);
    }
    const ghost = await signIn('no_such_traveller', 'x', prober);
    expect(ghost.status).toBe(429);
    expect(ghost.body).toEqual(locked.body);

    // Locked for 15 minutes, no more and no less; then the right password works again.
    const [lock] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `user:${user.id}`));
    const lockMs = lock!.lockedUntil!.getTime() - lock!.updatedAt.getTime();
    expect(lockMs).toBe(15 * 60_000);
    await t.database.db
      .update(loginThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.key, `user:${user.id}`));
    const after = await signIn(user.username, TEST_PASSWORD, client);
    expect(after.status).toBe(200);
  });

  it('counts an account once, whether it is named by username or by e-mail', async () => {
    const user = await createUser(t.database.db);
    const client = apiClient(t.url);
    for (let i = 0; i < 10; i++) {
      const name = i % 2 === 0 ? user.username : user.email.toUpperCase();
      expect((await signIn(name, `no ${i}`, client)).status).toBe(401);
    }
    for (const name of [user.username, user.email]) {
      const res = await signIn(name, TEST_PASSWORD, client);
      expect(res.status, name).toBe(429);
    }
  });

  it('allows at most 20 sign-in attempts a minute from one address', async () => {
    const client = apiClient(t.url, { ip: '198.51.100.251' });
    for (let i = 0; i < 20; i++) {
      // A different name each time, so no account lockout gets in the way.
      const res = await signIn(`rate_${i}`, 'wrong', client);
      expect(res.status).toBe(401);
    }
    const limited = await signIn('rate_21', 'wrong', client);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    // Another address is not affected.
    const other = await signIn('rate_1', 'wrong', apiClient(t.url, { ip: '198.51.100.252' }));
    expect(other.status).toBe(401);
  });

  // An outside probe sent 100 wrong passwords at once, each from its own address: 16–21 were
  // checked before the lock (all 150 of a burst of 150, and then the right one signed in).
  it.each([
    ['a registered name', async () => (await createUser(t.database.db)).username],
    ['a made-up name', async () => `nobody_${burst}`],
  ])(
    'checks at most 10 of 100 passwords sent at once to %s, then holds the right one too',
    async (_, name) => {
      const username = await name();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signIn(username, `wrong ${i}`, burstClient())),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(90);
      const locked = answers.find((res) => res.status === 429)!;
      expect(locked.body).toEqual({ code: 'account_locked', message: LOCKED_MESSAGE });
      expect((await signIn(username, TEST_PASSWORD, burstClient())).status).toBe(429);
    },
  );

  it("writes the account's history a line per password checked, the tenth saying it locked", async () => {
    const user = await createUser(t.database.db);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(user.username, `wrong ${i}`, burstClient())),
    );
    const lines = await t.database.db
      .select({ outcome: loginEvents.outcome })
      .from(loginEvents)
      .where(eq(loginEvents.userId, user.id));
    const outcomes = lines.map((line) => line.outcome).sort();
    expect(outcomes).toEqual([...Array(9).fill('wrong_password'), 'locked'].sort());
  });

  it('signs in with the right password sent together with 9 wrong ones', async () => {
    const user = await createUser(t.database.db);
    const passwords = ['wrong 1', 'wrong 2', 'wrong 3', 'wrong 4', TEST_PASSWORD];
    passwords.push('wrong 5', 'wrong 6', 'wrong 7', 'wrong 8', 'wrong 9');
    const answers = await Promise.all(
      passwords.map((password) => signIn(user.username, password, burstClient())),
    );
    expect(answers.map((res) => res.status)).toEqual(
      passwords.map((password) => (password === TEST_PASSWORD ? 200 : 401)),
    );
  });

  it('counts only failures in a row: a success starts over', async () => {
    const user = await createUser(t.database.db);
    const client = apiClient(t.url);
    for (let i = 0; i < 9; i++) await signIn(user.username, 'wrong', client);
    expect((await signIn(user.username, TEST_PASSWORD, client)).status).toBe(200);
    for (let i = 0; i < 9; i++) await signIn(user.username, 'wrong', client);
    expect((await signIn(user.username, TEST_PASSWORD, client)).status).toBe(200);
  });
});

describe('session lifetime', () => {
  it('lasts 30 days in all and survives almost 7 idle days', async () => {
    const { client, user } = await signUp();
    const db = t.database.db;
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(30 * 86_400_000);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 7 * 86_400_000 + 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('ends after 7 idle days, after 30 days in all, and a pending sign-in after 10 minutes', async () => {
    const first = await createAccount(t);
    const db = t.database.db;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.userId, first.id));
    expect((await first.client.get('/api/user')).status).toBe(401);

    const second = await createAccount(t);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, second.id));
    expect((await second.client.get('/api/user')).status).toBe(401);

    // The password is right, the second factor still owed: the sign-in waits, for a while.
    const third = await createUser(t.database.db, {
      twoFactorEnabled: true,
      totpSecret: generateTotpSecret(),
    });
    await signIn(third.username, TEST_PASSWORD);
    const [pending] = await db.select().from(sessions).where(eq(sessions.userId, third.id));
    expect(pending!.pendingTwoFactor).toBe(true);
    expect(pending!.expiresAt.getTime() - pending!.createdAt.getTime()).toBe(10 * 60_000);
    const full = await db.select().from(sessions).where(eq(sessions.userId, second.id));
    expect(full).toHaveLength(0); // the expired one was deleted on sight
  });
});

describe('CSRF', () => {
  it('refuses state changes from another origin, or with no origin at all', async () => {
    const body = JSON.stringify({ username: 'x', password: 'y' });
    const post = (headers: Record<string, string>) =>
      fetch(`${t.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect((await post({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await post({ referer: `${t.url}/auth` })).status).toBe(401);
    expect((await post({ origin: t.url })).status).toBe(401);
  });

  it('accepts only JSON bodies', async () => {
    const res = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'text/plain' },
      body: '{"username":"x","password":"y"}',
    });
    expect(res.status).toBe(415);
  });
});

describe('password reset', () => {
  it('e-mails a single-use link that sets the password and signs out everywhere', async () => {
    const { client, user } = await createAccount(t);
    await t.deliverMail();
    const before = t.sentMail().length;
    const res = await apiClient(t.url).post<OkResponse>('/api/forgot-password', {
      email: user.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => t.sentMail().length).toBe(before + 1);
    const mail = t.sentMail().at(-1)!;
    expect(mail.to).toBe(user.email);
    const link = mail.text.match(/(http\S+\/reset-password\?token=([\w-]+))/);
    expect(link?.[1]).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
    const token = link![2]!;
    // Only its hash is stored.
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashToken(token));

    const reset = await apiClient(t.url).post('/api/reset-password', {
      token,
      password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const again = await apiClient(t.url).post<ErrorResponse>('/api/reset-password', {
      token,
      password: 'yet another passphrase',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);

    const old = await signIn(user.username, TEST_PASSWORD);
    expect(old.status).toBe(401);
    const fresh = await signIn(user.username, 'a brand new passphrase');
    expect(fresh.status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    await t.deliverMail();
    const before = t.sentMail().length;
    const res = await apiClient(t.url).post<OkResponse>('/api/forgot-password', {
      email: 'nobody@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await t.deliverMail();
    expect(t.sentMail()).toHaveLength(before);
  });

  it('sends an address not confirmed yet its link, which also confirms it (issue #35)', async () => {
    const signUp = newAccount();
    const client = apiClient(t.url);
    expect((await client.post('/api/register', signUp)).status).toBe(201);
    await client.post('/api/logout');
    // The sign-up's confirmation link is left unopened: the address is only pending.
    await expect.poll(() => t.sentMail().some((mail) => mail.to === signUp.email)).toBe(true);
    const before = t.sentMail().length;
    const res = await apiClient(t.url).post<OkResponse>('/api/forgot-password', {
      email: signUp.email.toUpperCase(),
    });
    expect(res.body).toEqual({ success: true });
    await expect.poll(() => t.sentMail().length).toBe(before + 1);
    const mail = t.sentMail().at(-1)!;
    expect(mail.to).toBe(signUp.email);
    expect(mail.text).toContain(signUp.username);
    expect(mail.text).toContain(`also confirms ${signUp.email}`);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;

    const reset = await apiClient(t.url).post('/api/reset-password', {
      token,
      password: 'a passphrase of my own',
    });
    expect(reset.status).toBe(200);
    const signedIn = apiClient(t.url);
    expect((await signIn(signUp.username, 'a passphrase of my own', signedIn)).status).toBe(200);
    const me = await signedIn.get<CurrentUser>('/api/user');
    expect(me.body).toMatchObject({ email: signUp.email, pendingEmail: null });
  });

  it('does not confirm an address another account confirmed meanwhile', async () => {
    const signUp = newAccount();
    expect((await apiClient(t.url).post('/api/register', signUp)).status).toBe(201);
    await expect.poll(() => t.sentMail().some((mail) => mail.to === signUp.email)).toBe(true);
    const before = t.sentMail().length;
    await apiClient(t.url).post('/api/forgot-password', { email: signUp.email });
    await expect.poll(() => t.sentMail().length).toBe(before + 1);
    const token = /reset-password\?token=([\w-]+)/.exec(t.sentMail().at(-1)!.text)![1]!;
    // Someone else proves the address is theirs first.
    await createUser(t.database.db, { email: signUp.email });
    const reset = await apiClient(t.url).post('/api/reset-password', {
      token,
      password: 'a passphrase of my own',
    });
    expect(reset.status).toBe(200);
    const signedIn = apiClient(t.url);
    await signIn(signUp.username, 'a passphrase of my own', signedIn);
    const me = await signedIn.get<CurrentUser>('/api/user');
    expect(me.body).toMatchObject({ email: null, pendingEmail: signUp.email });
  });

  it('refuses an expired or made-up link and a common password', async () => {
    const user = await createUser(t.database.db);
    await apiClient(t.url).post('/api/forgot-password', { email: user.email });
    await expect.poll(() => t.sentMail().at(-1)?.to).toBe(user.email);
    const token = t
      .sentMail()
      .at(-1)!
      .text.match(/token=([\w-]+)/)![1]!;
    // Valid for one hour from the request.
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(60 * 60_000, -3);
    expect(
      (await apiClient(t.url).post('/api/reset-password', { token, password: 'password1' })).status,
    ).toBe(400);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect(
      (
        await apiClient(t.url).post('/api/reset-password', {
          token,
          password: 'a brand new passphrase',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await apiClient(t.url).post('/api/reset-password', {
          token: 'made-up',
          password: 'a brand new passphrase',
        })
      ).status,
    ).toBe(400);
  });
});

describe('bad input never reaches a 5xx', () => {
  itRefusesBadBodies(
    () => t,
    [
      ['POST', '/api/register'],
      ['POST', '/api/login'],
      ['POST', '/api/forgot-password'],
      ['POST', '/api/reset-password'],
    ],
  );
});

describe('over HTTPS, and in the logs', () => {
  it('marks the session cookie (and the signed-in mark) Secure when PUBLIC_URL is https', async () => {
    const https = await startTestApp({ env: { PUBLIC_URL: 'https://trips.example.com' } });
    try {
      const res = await fetch(`${https.url}/api/register`, {
        method: 'POST',
        headers: { origin: 'https://trips.example.com', 'content-type': 'application/json' },
        body: JSON.stringify(newAccount()),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tm_session='))!;
      expect(cookie).toMatch(/; Secure/);
      const mark = res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`))!;
      expect(mark).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('never writes a password, session token, TOTP secret or code to the log', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestApp({ env: { LOG_LEVEL: 'trace' }, logStream });
    try {
      const client = apiClient(logged.url);
      const account = newAccount();
      await client.post('/api/register', account);
      const setup = await client.post<SetupTwoFactorResponse>('/api/setup-2fa');
      const code = totpCode(setup.body.secret, Date.now());
      expect((await client.post('/api/confirm-2fa', { token: code })).status).toBe(200);
      await client.post('/api/forgot-password', { email: account.email });
      await expect.poll(() => logged.sentMail().length).toBe(1);
      const resetToken = logged.sentMail()[0]!.text.match(/token=([\w-]+)/)![1]!;

      const log = lines.join('');
      expect(log).toContain('/api/setup-2fa'); // the requests were logged...
      for (const secret of [
        account.password,
        client.cookie!,
        setup.body.secret,
        code,
        resetToken,
      ]) {
        expect(log).not.toContain(secret); // ...but none of their secrets
      }
    } finally {
      await logged.close();
    }
  });
});
