import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, LoginActivity } from '../../../shared/contracts/account';
import type { LoginResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type {
  AuthenticationOptions,
  Passkey,
  RegistrationOptions,
  SecondFactorPasskeys,
} from '../../../shared/contracts/passkeys';
import { MAX_PASSKEYS } from '../../../shared/contracts/passkeys';
import { type ApiClient, apiClient, TEST_PASSWORD } from '../../test/apiClient';
import { itRefusesBadBodies } from '../../test/badInput';
import { type Account, createAccount } from '../../test/factories';
import { SoftAuthenticator, strangerKey } from '../../test/softAuthenticator';
import { startTestApp, type TestApp } from '../../test/testApp';
import { passkeys, webauthnChallenges } from './tables';

type SignedIn = { success: true; user: CurrentUser };

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLE_PASSWORD_MANAGER = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';
// Any TOTP secret: these accounts have two-factor on, and their codes are not what is tested.
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A phone for the test app's origin (PUBLIC_URL's). */
const newPhone = (traits?: ConstructorParameters<typeof SoftAuthenticator>[1]) =>
  new SoftAuthenticator(new URL(t.config.publicUrl).origin, traits);

/** Adds a passkey as a person does on their security page: options, the phone, the answer. */
async function addPasskey(
  client: ApiClient,
  phone: SoftAuthenticator,
  name?: string,
  headers?: Record<string, string>,
) {
  const options = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
  expect(options.status).toBe(200);
  const added = await client.post<Passkey>(
    '/api/passkeys',
    { response: phone.create(options.body), ...(name ? { name } : {}) },
    headers,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body;
}

/** A password sign-in of an account with two-factor on: the client holds a pending session. */
async function pendingSignIn(username: string) {
  const client = apiClient(t.url);
  const login = await client.post<LoginResponse>('/api/login', {
    username,
    password: TEST_PASSWORD,
  });
  expect(login.body).toEqual({ requiresTwoFactor: true });
  return client;
}

async function signInOptions(client: ApiClient) {
  const options = await client.post<AuthenticationOptions>('/api/passkeys/sign-in/options');
  expect(options.status).toBe(200);
  return options.body;
}

async function activityOf(client: ApiClient) {
  const activity = await client.get<LoginActivity>('/api/login-activity');
  return activity.body.map((entry) => entry.outcome);
}

const twoFactorAccount = () =>
  createAccount(t, { twoFactorEnabled: true, totpSecret: TOTP_SECRET });

describe('adding, naming and removing passkeys', () => {
  it('adds several, lists them, renames and removes them, each in the login activity', async () => {
    const { client, user } = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
    expect((await client.get<Passkey[]>('/api/passkeys')).body).toEqual([]);

    const options = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    expect(options.body.rp).toEqual({ name: 'Tripmates', id: 'localhost' });
    expect(options.body.user).toEqual({
      id: Buffer.from(user.id).toString('base64url'),
      name: user.username,
      displayName: 'Ana Lima',
    });
    // Discoverable, so that it can sign in without a password; the person verified if possible.
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.body.attestation).toBe('none');
    expect(options.body.excludeCredentials).toEqual([]);

    const phone = newPhone();
    const first = await client.post<Passkey>('/api/passkeys', {
      response: phone.create(options.body),
      name: '  Work laptop  ',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });
    expect(Date.parse(first.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // The next one may not be made on the same authenticator again.
    const again = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    expect(again.body.excludeCredentials).toEqual([
      expect.objectContaining({ id: phone.credentials[0]!.id, type: 'public-key' }),
    ]);

    // Without a name: the provider's (a synced Google passkey), or the browser and system.
    const google = await addPasskey(
      client,
      newPhone({ aaguid: GOOGLE_PASSWORD_MANAGER, synced: true }),
    );
    expect(google).toMatchObject({ name: 'Google Password Manager', backedUp: true });
    const key = await addPasskey(client, newPhone(), undefined, { 'user-agent': CHROME_ON_LINUX });
    expect(key.name).toBe('Chrome on Linux');

    const list = await client.get<Passkey[]>('/api/passkeys');
    expect(list.body.map((item) => item.name)).toEqual([
      'Work laptop',
      'Google Password Manager',
      'Chrome on Linux',
    ]);
    // Nothing of the keys themselves leaves the server.
    expect(JSON.stringify(list.body)).not.toContain(phone.credentials[0]!.id);

    const renamed = await client.patch<Passkey>(`/api/passkeys/${key.id}`, { name: 'YubiKey' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: key.id, name: 'YubiKey' });
    const blank = await client.patch<ErrorResponse>(`/api/passkeys/${key.id}`, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/name/);
    const long = await client.patch(`/api/passkeys/${key.id}`, { name: 'x'.repeat(65) });
    expect(long.status).toBe(400);

    expect((await client.delete(`/api/passkeys/${google.id}`)).status).toBe(200);
    expect((await client.delete(`/api/passkeys/${google.id}`)).status).toBe(404);
    const after = await client.get<Passkey[]>('/api/passkeys');
    expect(after.body.map((item) => item.name)).toEqual(['Work laptop', 'YubiKey']);

    expect(await activityOf(client)).toEqual([
      'passkey_removed',
      'passkey_added',
      'passkey_added',
      'passkey_added',
    ]);
  });

  it("cannot see, rename or remove another account's passkeys", async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const added = await addPasskey(owner.client, newPhone(), 'Phone');

    expect((await other.client.get<Passkey[]>('/api/passkeys')).body).toEqual([]);
    const rename = await other.client.patch<ErrorResponse>(`/api/passkeys/${added.id}`, {
      name: 'Mine now',
    });
    expect(rename.status).toBe(404);
    expect(rename.body).toEqual({ code: 'not_found', message: 'No such passkey' });
    expect((await other.client.delete(`/api/passkeys/${added.id}`)).status).toBe(404);
    expect((await other.client.delete('/api/passkeys/not-an-id')).status).toBe(404);
    expect((await owner.client.get<Passkey[]>('/api/passkeys')).body).toEqual([
      expect.objectContaining({ name: 'Phone' }),
    ]);
  });

  it('refuses the same passkey twice, an answer for another page, and a replayed challenge', async () => {
    const { client } = await createAccount(t);
    const phone = newPhone();
    await addPasskey(client, phone, 'Phone');

    const options = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    const twice = await client.post<ErrorResponse>('/api/passkeys', {
      response: phone.create(options.body, { reuse: phone.credentials[0]! }),
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('passkey_already_registered');

    // A phishing page's origin: the browser says where it was, and the server refuses it.
    const phished = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    const evil = await client.post<ErrorResponse>('/api/passkeys', {
      response: newPhone().create(phished.body, { origin: 'https://tripmates.example.net' }),
    });
    expect(evil.status).toBe(400);
    expect(evil.body.code).toBe('passkey_verification_failed');

    // Each challenge works once, even the one whose answer failed.
    const fresh = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    const answer = newPhone().create(fresh.body);
    expect((await client.post('/api/passkeys', { response: answer })).status).toBe(201);
    const replay = await client.post<ErrorResponse>('/api/passkeys', { response: answer });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('passkey_challenge_invalid');
    const retry = await client.post<ErrorResponse>('/api/passkeys', {
      response: newPhone().create(phished.body),
    });
    expect(retry.body.code).toBe('passkey_challenge_invalid');

    // Another account's challenge is not this one's.
    const stranger = await createAccount(t);
    const theirs = await stranger.client.post<RegistrationOptions>(
      '/api/passkeys/registration-options',
    );
    const borrowed = await client.post<ErrorResponse>('/api/passkeys', {
      response: newPhone().create(theirs.body),
    });
    expect(borrowed.body.code).toBe('passkey_challenge_invalid');
    expect((await client.get<Passkey[]>('/api/passkeys')).body).toHaveLength(2);
  });

  it('refuses an expired challenge and a wrong relying party', async () => {
    const { client } = await createAccount(t);
    const options = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.body.challenge));
    const late = await client.post<ErrorResponse>('/api/passkeys', {
      response: newPhone().create(options.body),
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      code: 'passkey_challenge_invalid',
      message: 'This passkey request has expired or was already used. Please try again.',
    });

    const other = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    const wrongRp = await client.post<ErrorResponse>('/api/passkeys', {
      response: newPhone().create(other.body, { rpId: 'example.com' }),
    });
    expect(wrongRp.body.code).toBe('passkey_verification_failed');
  });

  it('answers garbage with a 400, never a 500', async () => {
    const { client } = await createAccount(t);
    const options = await client.post<RegistrationOptions>('/api/passkeys/registration-options');
    const answer = newPhone().create(options.body);
    const notCbor = await client.post<ErrorResponse>('/api/passkeys', {
      response: {
        ...answer,
        response: {
          ...answer.response,
          attestationObject: Buffer.from('nope').toString('base64url'),
        },
      },
    });
    expect(notCbor.status).toBe(400);
    expect(notCbor.body.code).toBe('passkey_verification_failed');
    const noChallenge = await client.post<ErrorResponse>('/api/passkeys', {
      response: { ...answer, response: { ...answer.response, clientDataJSON: 'e30' } },
    });
    expect(noChallenge.body.code).toBe('passkey_verification_failed');
    const notBase64 = await client.post<ErrorResponse>('/api/passkeys', {
      response: { ...answer, id: 'not base64url!' },
    });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.code).toBe('invalid_input');
  });

  it(`holds at most ${MAX_PASSKEYS} passkeys per account`, async () => {
    const { client, user } = await createAccount(t);
    await t.database.db.insert(passkeys).values(
      Array.from({ length: MAX_PASSKEYS }, (_, i) => ({
        userId: user.id,
        credentialId: `made-up-${user.id}-${i}`,
        publicKey: 'AA',
        name: `Key ${i}`,
      })),
    );
    const options = await client.post<ErrorResponse>('/api/passkeys/registration-options');
    expect(options.status).toBe(403);
    expect(options.body.code).toBe('item_limit');
  });

  it('needs a full sign-in: a pending one may not add passkeys', async () => {
    const account = await twoFactorAccount();
    const pending = await pendingSignIn(account.user.username);
    expect((await pending.post('/api/passkeys/registration-options')).status).toBe(401);
    expect((await pending.get('/api/passkeys')).status).toBe(401);
    expect((await apiClient(t.url).get('/api/passkeys')).status).toBe(401);
  });
});

describe('a passkey as the second step of a sign-in', () => {
  async function withPasskey(): Promise<Account & { phone: SoftAuthenticator }> {
    const account = await twoFactorAccount();
    const phone = newPhone();
    await addPasskey(account.client, phone, 'Phone');
    return { ...account, phone };
  }

  it('finishes a pending sign-in exactly as a right code does', async () => {
    const { user, phone, client: elsewhere } = await withPasskey();
    const client = await pendingSignIn(user.username);
    const pendingCookie = client.cookie;

    const available = await client.get<SecondFactorPasskeys>('/api/passkeys/second-factor');
    expect(available.body).toEqual({ available: true });
    const options = await client.post<AuthenticationOptions>('/api/passkeys/second-factor/options');
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe('localhost');
    expect(options.body.allowCredentials?.map((c) => c.id)).toEqual([phone.credentials[0]!.id]);
    expect(options.body.userVerification).toBe('preferred');

    // A key that checks presence only (no PIN) is enough after the password.
    const done = await client.post<SignedIn>('/api/passkeys/second-factor', {
      response: phone.get(options.body, { userVerified: false }),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.id).toBe(user.id);
    expect(client.cookie).not.toBe(pendingCookie);
    expect((await client.get('/api/user')).status).toBe(200);
    const old = apiClient(t.url);
    old.cookie = pendingCookie;
    expect((await old.get('/api/user')).status).toBe(401);

    const [listed] = (await client.get<Passkey[]>('/api/passkeys')).body;
    expect(Date.parse(listed!.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await activityOf(elsewhere))[0]).toBe('passkey');
  });

  it('is offered only to a pending sign-in whose account has a passkey', async () => {
    const bare = await twoFactorAccount();
    const pending = await pendingSignIn(bare.user.username);
    expect((await pending.get<SecondFactorPasskeys>('/api/passkeys/second-factor')).body).toEqual({
      available: false,
    });
    const none = await pending.post<ErrorResponse>('/api/passkeys/second-factor/options');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('passkey_unknown');

    // Signed out, or fully signed in: there is no second step to take.
    const signedOut = apiClient(t.url);
    expect((await signedOut.get('/api/passkeys/second-factor')).status).toBe(401);
    expect((await signedOut.post('/api/passkeys/second-factor/options')).status).toBe(401);
    const full = await signedOut.post<ErrorResponse>('/api/passkeys/second-factor', {});
    expect(full.status).toBe(401);
    expect(full.body.code).toBe('unauthenticated');
    expect((await bare.client.post('/api/passkeys/second-factor/options')).status).toBe(401);
  });

  it("refuses another account's passkey, and a sign-in's challenge for the other step", async () => {
    const { user } = await withPasskey();
    const mallory = await withPasskey();
    const client = await pendingSignIn(user.username);
    const options = await client.post<AuthenticationOptions>('/api/passkeys/second-factor/options');
    // Mallory's phone answers this challenge with Mallory's own passkey.
    const theirs = await client.post<ErrorResponse>('/api/passkeys/second-factor', {
      response: mallory.phone.get(options.body, { credential: mallory.phone.credentials[0]! }),
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.code).toBe('passkey_unknown');
    expect((await client.get('/api/user')).status).toBe(401);

    // A password-free sign-in's challenge is not a second step's.
    const signIn = await signInOptions(client);
    const wrongKind = await client.post<ErrorResponse>('/api/passkeys/second-factor', {
      response: mallory.phone.get(signIn),
    });
    expect(wrongKind.body.code).toBe('passkey_challenge_invalid');
  });

  it('refuses a forged signature and a wrong origin, and a removed passkey', async () => {
    const { user, phone, client: owner } = await withPasskey();
    const client = await pendingSignIn(user.username);
    const ask = () =>
      client
        .post<AuthenticationOptions>('/api/passkeys/second-factor/options')
        .then((res) => res.body);

    const forged = await client.post<ErrorResponse>('/api/passkeys/second-factor', {
      response: phone.get(await ask(), { signWith: strangerKey() }),
    });
    expect(forged.body.code).toBe('passkey_verification_failed');
    const phished = await client.post<ErrorResponse>('/api/passkeys/second-factor', {
      response: phone.get(await ask(), { origin: 'https://tripmates.example.net' }),
    });
    expect(phished.body.code).toBe('passkey_verification_failed');

    const options = await ask();
    const [listed] = (await owner.get<Passkey[]>('/api/passkeys')).body;
    await owner.delete(`/api/passkeys/${listed!.id}`);
    const removed = await client.post<ErrorResponse>('/api/passkeys/second-factor', {
      response: phone.get(options),
    });
    expect(removed.body.code).toBe('passkey_unknown');
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('signing in with a passkey, without a password', () => {
  it('signs the owner in with a full session, even with two-factor on', async () => {
    const account = await twoFactorAccount();
    const phone = newPhone();
    await addPasskey(account.client, phone, 'Phone');

    const client = apiClient(t.url);
    const options = await signInOptions(client);
    // Discoverable: the browser offers whatever passkeys it holds for this site.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('localhost');

    const signedIn = await client.post<SignedIn>('/api/passkeys/sign-in', {
      response: phone.get(options),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: account.id, twoFactorEnabled: true });
    // No code was asked for: the passkey verified its person, two factors at once.
    expect((await client.get<CurrentUser>('/api/user')).body.id).toBe(account.id);
    expect(await activityOf(client)).toEqual(['passkey', 'passkey_added']);
  });

  it('needs a passkey that verified its person', async () => {
    const account = await createAccount(t);
    const phone = newPhone();
    await addPasskey(account.client, phone, 'Security key');
    const client = apiClient(t.url);
    const presenceOnly = await client.post<ErrorResponse>('/api/passkeys/sign-in', {
      response: phone.get(await signInOptions(client), { userVerified: false }),
    });
    expect(presenceOnly.status).toBe(400);
    expect(presenceOnly.body.code).toBe('passkey_verification_failed');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses an unknown passkey, a removed one, a replay and an expired challenge', async () => {
    const account = await createAccount(t);
    const phone = newPhone();
    const added = await addPasskey(account.client, phone, 'Phone');
    const client = apiClient(t.url);

    // A passkey this site never registered (made for it, but never added).
    const stray = newPhone();
    stray.create(
      await account.client
        .post<RegistrationOptions>('/api/passkeys/registration-options')
        .then((res) => res.body),
    );
    const unknown = await client.post<ErrorResponse>('/api/passkeys/sign-in', {
      response: stray.get(await signInOptions(client)),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 'passkey_unknown',
      message: 'This passkey is not registered with Tripmates.',
    });

    const answer = phone.get(await signInOptions(client));
    expect((await client.post('/api/passkeys/sign-in', { response: answer })).status).toBe(200);
    const replay = await apiClient(t.url).post<ErrorResponse>('/api/passkeys/sign-in', {
      response: answer,
    });
    expect(replay.body.code).toBe('passkey_challenge_invalid');

    const late = await signInOptions(client);
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(webauthnChallenges.challenge, late.challenge));
    const expired = await client.post<ErrorResponse>('/api/passkeys/sign-in', {
      response: phone.get(late),
    });
    expect(expired.body.code).toBe('passkey_challenge_invalid');
    const madeUp = await client.post<ErrorResponse>('/api/passkeys/sign-in', {
      response: phone.get(late, { challenge: 'bm90LW91cnM' }),
    });
    expect(madeUp.body.code).toBe('passkey_challenge_invalid');

    // Removed: it signs in no more, though the browser still holds it.
    await account.client.delete(`/api/passkeys/${added.id}`);
    const removed = await apiClient(t.url).post<ErrorResponse>('/api/passkeys/sign-in', {
      response: phone.get(await signInOptions(client)),
    });
    expect(removed.body.code).toBe('passkey_unknown');
  });

  it('lets one of many copies of an answer sent at once in, and no more', async () => {
    const account = await createAccount(t);
    const phone = newPhone({ synced: true });
    await addPasskey(account.client, phone, 'Phone');
    const answer = phone.get(await signInOptions(apiClient(t.url)));
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        apiClient(t.url)
          .post('/api/passkeys/sign-in', { response: answer })
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
  });

  it('ends the session this browser had, whoever it was', async () => {
    const ana = await createAccount(t);
    const bruno = await createAccount(t);
    const phone = newPhone();
    await addPasskey(bruno.client, phone, 'Phone');
    const before = ana.client.cookie;
    const signedIn = await ana.client.post<SignedIn>('/api/passkeys/sign-in', {
      response: phone.get(await signInOptions(ana.client)),
    });
    expect(signedIn.body.user.id).toBe(bruno.id);
    const old = apiClient(t.url);
    old.cookie = before;
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('refuses a counter that went backwards, and accepts synced passkeys that count nothing', async () => {
    const account = await createAccount(t);
    const key = newPhone();
    await addPasskey(account.client, key, 'Security key');
    const client = apiClient(t.url);
    const signIn = async (answer: ReturnType<SoftAuthenticator['get']>) =>
      client.post<ErrorResponse | SignedIn>('/api/passkeys/sign-in', { response: answer });

    expect((await signIn(key.get(await signInOptions(client), { counter: 5 }))).status).toBe(200);
    expect((await signIn(key.get(await signInOptions(client), { counter: 6 }))).status).toBe(200);
    // A copy of the key, behind the original: the same count again, or a lower one.
    for (const counter of [6, 3, 0]) {
      const cloned = await signIn(key.get(await signInOptions(client), { counter }));
      expect(cloned.status).toBe(400);
      expect(cloned.body).toMatchObject({
        code: 'passkey_verification_failed',
        message: expect.stringMatching(/copied/),
      });
    }
    const [row] = await t.database.db
      .select({ counter: passkeys.counter })
      .from(passkeys)
      .where(eq(passkeys.credentialId, key.credentials[0]!.id));
    expect(row?.counter).toBe(6);

    const synced = newPhone({ synced: true });
    await addPasskey(account.client, synced, 'Phone');
    for (let i = 0; i < 3; i++) {
      expect((await signIn(synced.get(await signInOptions(client)))).status).toBe(200);
    }
  });

  it('limits attempts per address like the password sign-in', async () => {
    const client = apiClient(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await client.post('/api/passkeys/sign-in/options')).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const limited = await client.post<ErrorResponse>('/api/passkeys/sign-in/options');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
  });

  itRefusesBadBodies(
    () => t,
    [
      ['POST', '/api/passkeys'],
      ['POST', '/api/passkeys/sign-in'],
    ],
  );
});

// Sign-in by password is untouched for an account that has passkeys.
it('an account with passkeys still signs in with its password', async () => {
  const account = await createAccount(t);
  await addPasskey(account.client, newPhone(), 'Phone');
  const client = apiClient(t.url);
  const login = await client.post<LoginResponse>('/api/login', {
    username: account.user.username,
    password: TEST_PASSWORD,
  });
  expect(login.status).toBe(200);
  expect('user' in login.body && login.body.user.id).toBe(account.id);
});
