import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, passwordResetTokens, sessions, users } from '../../platform/db/schema';
import { hashToken } from '../../platform/tokens';
import { type ApiClient, apiClient, newAccount } from '../../test/apiClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { otpauthUrl, qrCodeDataUrl, totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signUp(overrides: Record<string, string> = {}) {
  const client = apiClient(t.url);
  const account = newAccount(overrides);
  const res = await client.post('/api/register', account);
  expect(res.status).toBe(201);
  return { client, account, user: res.body.user as { id: string; role: string } };
}

/** Lets the next code be accepted: each test controls time steps itself. */
async function forgetUsedCodes(userId: string) {
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
}

async function enableTwoFactor(client: ApiClient, userId: string) {
  const setup = await client.post('/api/setup-2fa');
  expect(setup.status).toBe(200);
  const secret: string = setup.body.secret;
  const confirm = await client.post('/api/confirm-2fa', { token: totpCode(secret, Date.now()) });
  expect(confirm.status).toBe(200);
  await forgetUsedCodes(userId);
  return secret;
}

describe('sign-up', () => {
  it('creates the account, signs in, and makes the very first account admin', async () => {
    const { client, account, user } = await signUp();
    expect(user).toEqual({
      id: expect.any(String),
      username: account.username,
      firstName: 'Ana',
      lastName: 'Lima',
      email: account.email,
      profileImageUrl: null,
      isPremium: false,
      plan: 'free',
      role: 'admin',
      twoFactorEnabled: false,
    });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    const second = await signUp();
    expect(second.user.role).toBe('user');
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

  it('refuses a taken username or e-mail, ignoring case, and says which', async () => {
    const { account } = await signUp();
    const client = apiClient(t.url);
    const sameName = await client.post(
      '/api/register',
      newAccount({ username: account.username.toUpperCase() }),
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toMatch(/username/i);
    const sameEmail = await client.post(
      '/api/register',
      newAccount({ email: account.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toMatch(/email/i);
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
    const res = await apiClient(t.url).post('/api/register', newAccount(override));
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe(field);
    expect(res.body.message).toMatch(message);
  });

  it('refuses one of the 1,000 most common passwords', async () => {
    const res = await apiClient(t.url).post('/api/register', newAccount({ password: 'football' }));
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
    const { account } = await signUp();
    for (const username of [account.username, account.email.toUpperCase()]) {
      const client = apiClient(t.url);
      const res = await client.post('/api/login', { username, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, user: { username: account.username } });
      expect((await client.get('/api/user')).status).toBe(200);
    }
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const { account } = await signUp();
    const wrong = await apiClient(t.url).post('/api/login', {
      username: account.username,
      password: 'not my password',
    });
    const unknown = await apiClient(t.url).post('/api/login', {
      username: 'nobody_here',
      password: 'not my password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('takes as long for an unknown user as for a wrong password', async () => {
    const { account } = await signUp();
    const time = async (username: string) => {
      const start = performance.now();
      await apiClient(t.url).post('/api/login', { username, password: 'not my password' });
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await time(account.username));
      unknown.push(await time(`ghost_${i}_${account.username}`));
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
      const res = await apiClient(t.url).post('/api/login', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Please enter your username and password/);
    }
  });

  it('gives a new session token at every sign-in', async () => {
    const { client, account } = await signUp();
    const before = client.cookie;
    await client.post('/api/login', { username: account.username, password: account.password });
    expect(client.cookie).not.toBe(before);
    const stale = apiClient(t.url);
    stale.cookie = before;
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('ends the session on the server at logout', async () => {
    const { client } = await signUp();
    const token = client.cookie;
    const res = await client.post('/api/logout');
    expect(res.status).toBe(200);
    expect(client.cookie).toBeNull();
    const replay = apiClient(t.url);
    replay.cookie = token;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('answers 401 without a session, or with a made-up one', async () => {
    expect((await apiClient(t.url).get('/api/user')).body).toEqual({
      message: 'Please sign in to continue',
    });
    const forged = apiClient(t.url);
    forged.cookie = 'A'.repeat(43);
    expect((await forged.get('/api/user')).status).toBe(401);
  });
});

describe('brute-force protection', () => {
  it('locks an account for 15 minutes after 10 wrong passwords in a row', async () => {
    const { account, user } = await signUp();
    const client = apiClient(t.url);
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/login', {
        username: account.username,
        password: `wrong ${i}`,
      });
      expect(res.status).toBe(401);
    }
    const locked = await client.post('/api/login', {
      username: account.username,
      password: account.password,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/try again/);

    // The same answer for a name that has no account: the lock does not confirm existence.
    const prober = apiClient(t.url);
    for (let i = 0; i < 10; i++) {
      await prober.post('/api/login', { username: 'no_such_traveller', password: `wrong ${i}` });
    }
    const ghost = await prober.post('/api/login', { username: 'no_such_traveller', password: 'x' });
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
    const after = await client.post('/api/login', {
      username: account.username,
      password: account.password,
    });
    expect(after.status).toBe(200);
  });

  it('counts an account once, whether it is named by username or by e-mail', async () => {
    const { account } = await signUp();
    const client = apiClient(t.url);
    for (let i = 0; i < 10; i++) {
      const name = i % 2 === 0 ? account.username : account.email.toUpperCase();
      expect(
        (await client.post('/api/login', { username: name, password: `no ${i}` })).status,
      ).toBe(401);
    }
    for (const name of [account.username, account.email]) {
      const res = await client.post('/api/login', { username: name, password: account.password });
      expect(res.status, name).toBe(429);
    }
  });

  it('limits password and code checks of a signed-in session to 10 a minute per address', async () => {
    const { client, user } = await signUp();
    await enableTwoFactor(client, user.id);
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/disable-2fa', { token: '000000' })).status).toBe(400);
    }
    expect((await client.post('/api/disable-2fa', { token: '000000' })).status).toBe(429);
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

  it('allows at most 20 sign-in attempts a minute from one address', async () => {
    const client = apiClient(t.url, { ip: '198.51.100.251' });
    for (let i = 0; i < 20; i++) {
      // A different name each time, so no account lockout gets in the way.
      const res = await client.post('/api/login', { username: `rate_${i}`, password: 'wrong' });
      expect(res.status).toBe(401);
    }
    const limited = await client.post('/api/login', { username: 'rate_21', password: 'wrong' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    // Another address is not affected.
    const other = await apiClient(t.url, { ip: '198.51.100.252' }).post('/api/login', {
      username: 'rate_1',
      password: 'wrong',
    });
    expect(other.status).toBe(401);
  });

  it('counts only failures in a row: a success starts over', async () => {
    const { account } = await signUp();
    const client = apiClient(t.url);
    for (let i = 0; i < 9; i++)
      await client.post('/api/login', { username: account.username, password: 'wrong' });
    expect(
      (await client.post('/api/login', { username: account.username, password: account.password }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 9; i++)
      await client.post('/api/login', { username: account.username, password: 'wrong' });
    expect(
      (await client.post('/api/login', { username: account.username, password: account.password }))
        .status,
    ).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('sets up with a server-made secret, then sign-in needs the code', async () => {
    const { client, account, user } = await signUp();
    const setup = await client.post('/api/setup-2fa');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // The picture is the QR code of the otpauth link for this secret and this account.
    expect(setup.body.qrCode).toBe(
      await qrCodeDataUrl(otpauthUrl(setup.body.secret, account.email)),
    );
    expect(otpauthUrl(setup.body.secret, account.email)).toMatch(
      /^otpauth:\/\/totp\/Tripmates:.+\?.*secret=[A-Z2-7]{32}/,
    );

    // Not on until confirmed.
    expect((await client.get('/api/user')).body.twoFactorEnabled).toBe(false);
    const badConfirm = await client.post('/api/confirm-2fa', { token: '000000' });
    expect(badConfirm.status).toBe(400);
    const confirm = await client.post('/api/confirm-2fa', {
      token: totpCode(setup.body.secret, Date.now()),
    });
    expect(confirm.status).toBe(200);
    const me = await client.get('/api/user');
    expect(me.body.twoFactorEnabled).toBe(true);
    // The secret never comes back after setup.
    expect(JSON.stringify(me.body)).not.toContain(setup.body.secret);
    expect((await client.post('/api/setup-2fa')).status).toBe(409);

    await client.post('/api/logout');
    const login = await client.post('/api/login', {
      username: account.username,
      password: account.password,
    });
    expect(login.body).toEqual({ requiresTwoFactor: true });
    const pendingCookie = client.cookie;

    // A pending session grants nothing but verify-2fa.
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.post('/api/setup-2fa')).status).toBe(401);
    expect((await client.get('/api/sessions')).status).toBe(401);

    const verify = await client.post('/api/verify-2fa', {
      token: totpCode(setup.body.secret, Date.now() + 30_000),
    });
    expect(verify.status).toBe(200);
    expect(verify.body.user.id).toBe(user.id);
    expect(client.cookie).not.toBe(pendingCookie);
    expect((await client.get('/api/user')).status).toBe(200);
    const old = apiClient(t.url);
    old.cookie = pendingCookie;
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('accepts each code only once', async () => {
    const { client, account, user } = await signUp();
    const secret = await enableTwoFactor(client, user.id);
    const code = totpCode(secret, Date.now());
    await client.post('/api/login', { username: account.username, password: account.password });
    expect((await client.post('/api/verify-2fa', { token: code })).status).toBe(200);

    const thief = apiClient(t.url);
    await thief.post('/api/login', { username: account.username, password: account.password });
    const replay = await thief.post('/api/verify-2fa', { token: code });
    expect(replay.status).toBe(400);
    expect((await thief.get('/api/user')).status).toBe(401);
  });

  it('discards a pending sign-in after 5 wrong codes', async () => {
    const { client, account, user } = await signUp();
    const secret = await enableTwoFactor(client, user.id);
    const attacker = apiClient(t.url);
    await attacker.post('/api/login', { username: account.username, password: account.password });
    for (let i = 0; i < 4; i++) {
      expect((await attacker.post('/api/verify-2fa', { token: '000000' })).status).toBe(400);
    }
    const fifth = await attacker.post('/api/verify-2fa', { token: '000000' });
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toMatch(/sign in again/);
    // Even the right code is useless now: the pending session is gone.
    const right = await attacker.post('/api/verify-2fa', { token: totpCode(secret, Date.now()) });
    expect(right.status).toBe(401);
  });

  it('disables with a code, or with an empty one right after verify-2fa', async () => {
    const { client, user } = await signUp();
    let secret = await enableTwoFactor(client, user.id);
    // Confirming setup counts as a verification; without one, an empty code is refused.
    await t.database.db
      .update(sessions)
      .set({ twoFactorVerifiedAt: null })
      .where(eq(sessions.userId, user.id));
    expect((await client.post('/api/disable-2fa', { token: '' })).status).toBe(400);
    // The spec's flow: verify first, then disable with an empty code.
    expect(
      (await client.post('/api/verify-2fa', { token: totpCode(secret, Date.now()) })).status,
    ).toBe(200);
    expect((await client.post('/api/disable-2fa', { token: '' })).status).toBe(200);
    expect((await client.get('/api/user')).body.twoFactorEnabled).toBe(false);

    secret = await enableTwoFactor(client, user.id);
    expect((await client.post('/api/disable-2fa', { token: '123' })).status).toBe(400);
    expect(
      (await client.post('/api/disable-2fa', { token: totpCode(secret, Date.now()) })).status,
    ).toBe(200);
    expect((await client.get('/api/user')).body.twoFactorEnabled).toBe(false);
  });

  it('does not count a password change as a fresh second factor', async () => {
    const { client, user, account } = await signUp();
    await enableTwoFactor(client, user.id);
    // Proved long ago; changing the password must not renew that proof.
    await t.database.db
      .update(sessions)
      .set({ twoFactorVerifiedAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessions.userId, user.id));
    const changed = await client.post('/api/change-password', {
      currentPassword: account.password,
      newPassword: 'an entirely new passphrase',
    });
    expect(changed.status).toBe(200);
    expect((await client.post('/api/disable-2fa', { token: '' })).status).toBe(400);
    expect((await client.get('/api/user')).body.twoFactorEnabled).toBe(true);
  });

  it('needs a fresh verification within 5 minutes for an empty-code disable', async () => {
    const { client, user } = await signUp();
    const secret = await enableTwoFactor(client, user.id);
    await client.post('/api/verify-2fa', { token: totpCode(secret, Date.now()) });
    await t.database.db
      .update(sessions)
      .set({ twoFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.post('/api/disable-2fa', { token: '' })).status).toBe(400);
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
    const { client, user } = await signUp();
    const db = t.database.db;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/user')).status).toBe(401);

    const second = await signUp();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, second.user.id));
    expect((await second.client.get('/api/user')).status).toBe(401);

    const third = await signUp();
    await enableTwoFactor(third.client, third.user.id);
    await third.client.post('/api/login', {
      username: third.account.username,
      password: third.account.password,
    });
    const [pending] = await db.select().from(sessions).where(eq(sessions.userId, third.user.id));
    expect(pending!.pendingTwoFactor).toBe(true);
    expect(pending!.expiresAt.getTime() - pending!.createdAt.getTime()).toBe(10 * 60_000);
    const full = await db.select().from(sessions).where(eq(sessions.userId, second.user.id));
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
    const { client, account, user } = await signUp();
    const before = t.sentMail().length;
    const res = await apiClient(t.url).post('/api/forgot-password', {
      email: account.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => t.sentMail().length).toBe(before + 1);
    const mail = t.sentMail().at(-1)!;
    expect(mail.to).toBe(account.email);
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
    const again = await apiClient(t.url).post('/api/reset-password', {
      token,
      password: 'yet another passphrase',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);

    const old = await apiClient(t.url).post('/api/login', {
      username: account.username,
      password: account.password,
    });
    expect(old.status).toBe(401);
    const fresh = await apiClient(t.url).post('/api/login', {
      username: account.username,
      password: 'a brand new passphrase',
    });
    expect(fresh.status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = t.sentMail().length;
    const res = await apiClient(t.url).post('/api/forgot-password', {
      email: 'nobody@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(t.sentMail()).toHaveLength(before);
  });

  it('refuses an expired or made-up link and a common password', async () => {
    const { account, user } = await signUp();
    await apiClient(t.url).post('/api/forgot-password', { email: account.email });
    await expect.poll(() => t.sentMail().at(-1)?.to).toBe(account.email);
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

describe('change password, sessions and activity', () => {
  it('changes the password, signs out other sessions and keeps this one with a new token', async () => {
    const { client, account } = await signUp();
    const other = apiClient(t.url);
    await other.post('/api/login', { username: account.username, password: account.password });
    const before = client.cookie;
    const wrong = await client.post('/api/change-password', {
      currentPassword: 'nope',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(
      (
        await client.post('/api/change-password', {
          currentPassword: account.password,
          newPassword: 'password1',
        })
      ).status,
    ).toBe(400);
    const ok = await client.post('/api/change-password', {
      currentPassword: account.password,
      newPassword: 'a brand new passphrase',
    });
    expect(ok.status).toBe(200);
    expect(client.cookie).not.toBe(before);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
  });

  it('lists sign-ins and failures, and active sessions that can be signed out', async () => {
    const { client, account } = await signUp();
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
    const activity = await client.get('/api/login-activity');
    expect(activity.status).toBe(200);
    expect(activity.body.map((e: { outcome: string }) => e.outcome)).toEqual([
      'success',
      'wrong_password',
      'success',
    ]);
    expect(activity.body[0].browser).toBe('Safari on iOS');

    const list = await client.get('/api/sessions');
    expect(list.body).toHaveLength(2);
    const current = list.body.find((s: { current: boolean }) => s.current);
    const others = list.body.filter((s: { current: boolean }) => !s.current);
    expect(others).toHaveLength(1);
    expect((await client.delete(`/api/sessions/${others[0].id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await client.delete(`/api/sessions/${others[0].id}`)).status).toBe(404);
    expect((await client.delete('/api/sessions/not-a-uuid')).status).toBe(400);

    // Another user's session id is simply not found.
    const stranger = await signUp();
    expect((await stranger.client.delete(`/api/sessions/${current.id}`)).status).toBe(404);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const { client, account } = await signUp();
    const a = apiClient(t.url);
    const b = apiClient(t.url);
    await a.post('/api/login', { username: account.username, password: account.password });
    await b.post('/api/login', { username: account.username, password: account.password });
    expect((await client.delete('/api/sessions')).status).toBe(200);
    expect((await a.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('profile and account', () => {
  it('edits name, e-mail and picture, refusing a taken e-mail', async () => {
    const { client } = await signUp();
    const other = await signUp();
    const res = await client.patch('/api/user', {
      firstName: 'Bea',
      lastName: '',
      profileImageUrl: 'https://images.example.com/bea.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Bea',
      lastName: null,
      profileImageUrl: 'https://images.example.com/bea.png',
    });
    expect((await client.patch('/api/user', { email: other.account.email })).status).toBe(409);
    expect(
      (await client.patch('/api/user', { profileImageUrl: 'javascript:alert(1)' })).status,
    ).toBe(400);
    expect((await client.patch('/api/user', { email: 'bea@example.com' })).body.email).toBe(
      'bea@example.com',
    );
  });

  it('saves e-mail preferences', async () => {
    const { client } = await signUp();
    expect((await client.get('/api/notification-preferences')).body).toEqual({
      tripInvitations: true,
      tripReminders: true,
    });
    const put = await client.put('/api/notification-preferences', {
      tripInvitations: false,
      tripReminders: true,
    });
    expect(put.body).toEqual({ tripInvitations: false, tripReminders: true });
    expect((await client.get('/api/notification-preferences')).body).toEqual(put.body);
  });

  it('deletes the account with the password (and code when 2FA is on), ending its sessions', async () => {
    const { client, account, user } = await signUp();
    const secret = await enableTwoFactor(client, user.id);
    expect((await client.delete('/api/user', { password: 'wrong' })).status).toBe(400);
    expect((await client.delete('/api/user', { password: account.password })).status).toBe(400);
    const res = await client.delete('/api/user', {
      password: account.password,
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
      username: account.username,
      password: account.password,
    });
    expect(login.status).toBe(401);
  });
});

describe('bad input never reaches a 5xx', () => {
  const bodies: [string, unknown][] = [
    ['nothing', undefined],
    ['an empty object', {}],
    ['an array', [1, 2]],
    ['null', null],
    [
      'wrong types',
      {
        username: 1,
        email: true,
        password: {},
        token: [],
        currentPassword: 5,
        newPassword: null,
        firstName: 3,
      },
    ],
    [
      'huge strings',
      {
        username: 'u'.repeat(5000),
        email: `${'e'.repeat(5000)}@x.io`,
        password: 'p'.repeat(5000),
        token: '1'.repeat(5000),
      },
    ],
  ];
  const routes: [string, string][] = [
    ['POST', '/api/register'],
    ['POST', '/api/login'],
    ['POST', '/api/verify-2fa'],
    ['POST', '/api/confirm-2fa'],
    ['POST', '/api/disable-2fa'],
    ['POST', '/api/forgot-password'],
    ['POST', '/api/reset-password'],
    ['POST', '/api/change-password'],
    ['PATCH', '/api/user'],
    ['PUT', '/api/notification-preferences'],
    ['DELETE', '/api/user'],
  ];
  it.each(routes)('%s %s', async (method, path) => {
    const { client } = await signUp();
    for (const [name, body] of bodies) {
      // Every field of PATCH /api/user is optional: an empty edit is a valid no-op.
      if (method === 'PATCH' && name === 'an empty object') continue;
      const res = await fetch(`${t.url}${path}`, {
        method,
        headers: {
          origin: t.url,
          cookie: `tm_session=${client.cookie}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${name} → ${res.status}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${name} → ${res.status}`).toBeLessThan(500);
      const json = await res.json();
      expect(typeof json.message).toBe('string');
    }
  });
});

describe('over HTTPS, and in the logs', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
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
      const setup = await client.post('/api/setup-2fa');
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
