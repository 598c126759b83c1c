import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, LoginActivity } from '../../../shared/contracts/account';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type {
  ConfirmTwoFactorResponse,
  RecoveryCodesResponse,
  SetupTwoFactorResponse,
  TwoFactorStatus,
  VerifyTwoFactorResponse,
} from '../../../shared/contracts/twofactor';
import { users } from '../../platform/db/schema';
import { type ApiClient, apiClient, TEST_PASSWORD } from '../../test/apiClient';
import { itRefusesBadBodies } from '../../test/badInput';
import { createAccount, signedInClient } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { hashRecoveryCode, newRecoveryCode } from './recoveryCodes';
import { recoveryCodes } from './tables';
import { totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Lets the next app code be accepted: each test controls time steps itself. */
async function forgetUsedCodes(userId: string) {
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
}

/** Turns two-factor on the way a person does; gives the secret and the recovery codes shown. */
async function enableTwoFactor(client: ApiClient, userId: string) {
  const setup = await client.post<SetupTwoFactorResponse>('/api/setup-2fa');
  const confirm = await client.post<ConfirmTwoFactorResponse>('/api/confirm-2fa', {
    token: totpCode(setup.body.secret, Date.now()),
  });
  expect(confirm.status).toBe(200);
  await forgetUsedCodes(userId);
  return { secret: setup.body.secret, codes: confirm.body.recoveryCodes };
}

/** A browser that has given the password and owes the second factor. */
async function pendingSignIn(username: string) {
  const client = apiClient(t.url);
  const login = await client.post('/api/login', { username, password: TEST_PASSWORD });
  expect(login.body).toEqual({ requiresTwoFactor: true });
  return client;
}

const status = async (client: ApiClient) => (await client.get<TwoFactorStatus>('/api/2fa')).body;

const outcomes = async (client: ApiClient) =>
  (await client.get<LoginActivity>('/api/login-activity')).body.map((line) => line.outcome);

describe('recovery codes', () => {
  it('are ten distinct codes shown once at set-up, stored only as hashes', async () => {
    const { client, user } = await createAccount(t);
    expect(await status(client)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { codes } = await enableTwoFactor(client, user.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const rows = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(rows.map((row) => row.codeHash).sort()).toEqual(
      codes.map((code) => hashRecoveryCode(code.replace('-', ''))).sort(),
    );
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    // Nowhere else to be seen again: not in the user, not in the status.
    const me = await client.get<CurrentUser>('/api/user');
    expect(JSON.stringify(me.body) + JSON.stringify(await status(client))).not.toContain(
      codes[0]!.slice(0, 5),
    );
  });

  it('signs in once with a code, then refuses it', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const code = codes[3]!;

    const browser = await pendingSignIn(user.username);
    const pendingCookie = browser.cookie;
    const signedIn = await browser.post<VerifyTwoFactorResponse>('/api/verify-2fa', {
      token: code,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ success: true, recoveryCodesLeft: 9 });
    expect(signedIn.body.user.id).toBe(user.id);
    expect(browser.cookie).not.toBe(pendingCookie);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect(await status(browser)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    // The history tells a recovery code from the app.
    expect((await outcomes(browser))[0]).toBe('recovery_code');

    const again = await pendingSignIn(user.username);
    const reused = await again.post<ErrorResponse>('/api/verify-2fa', { token: code });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('invalid_code');
    expect((await again.get('/api/user')).status).toBe(401);
    expect((await outcomes(client))[0]).toBe('wrong_code');
  });

  it('does not say how many are left after a code from the app', async () => {
    const { client, user } = await createAccount(t);
    const { secret } = await enableTwoFactor(client, user.id);
    const browser = await pendingSignIn(user.username);
    const signedIn = await browser.post<VerifyTwoFactorResponse>('/api/verify-2fa', {
      token: totpCode(secret, Date.now()),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).not.toHaveProperty('recoveryCodesLeft');
    expect((await outcomes(browser))[0]).toBe('success');
  });

  it('reads a code in any letter case, with or without its dash and with spaces', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const typed = [
      codes[0]!.toUpperCase(),
      codes[1]!.replace('-', ''),
      ` ${codes[2]!.replace('-', ' ').toUpperCase()} `,
    ];
    for (const token of typed) {
      const browser = await pendingSignIn(user.username);
      const answer = await browser.post('/api/verify-2fa', { token });
      expect(answer.status, token).toBe(200);
    }
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 7 });
  });

  it('lets only one of two sign-ins racing with one code through', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const [first, second] = [
      await pendingSignIn(user.username),
      await pendingSignIn(user.username),
    ];
    const answers = await Promise.all(
      [first, second].map((browser) => browser.post('/api/verify-2fa', { token: codes[0] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('counts wrong recovery codes toward the same lock as wrong app codes', async () => {
    const { client, user } = await createAccount(t);
    const { secret, codes } = await enableTwoFactor(client, user.id);
    const wrongRecovery = () => newRecoveryCode();

    // Five wrong: 6-digit and recovery codes alike end a pending sign-in.
    const first = await pendingSignIn(user.username);
    const firstAnswers: number[] = [];
    for (const token of ['000000', wrongRecovery(), '000000', wrongRecovery(), wrongRecovery()]) {
      firstAnswers.push((await first.post('/api/verify-2fa', { token })).status);
    }
    expect(firstAnswers).toEqual([400, 400, 400, 400, 401]);

    // Five more recovery codes from another sign-in: the tenth wrong code locks the account's
    // codes, of both kinds.
    const second = await pendingSignIn(user.username);
    const secondAnswers: number[] = [];
    for (let i = 0; i < 5; i++) {
      secondAnswers.push((await second.post('/api/verify-2fa', { token: wrongRecovery() })).status);
    }
    expect(secondAnswers).toEqual([400, 400, 400, 400, 429]);

    const third = await pendingSignIn(user.username);
    const locked = await third.post<ErrorResponse>('/api/verify-2fa', { token: codes[0] });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('account_locked');
    // Refused without being looked at: the code is still there, unused.
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await client.post('/api/2fa/recovery-codes', { token: codes[1] })).status).toBe(429);
    expect(
      (await client.post('/api/2fa/recovery-codes', { token: totpCode(secret, Date.now()) }))
        .status,
    ).toBe(429);
  });

  it('are made anew with a current code, and the old ones stop working', async () => {
    const { client, user } = await createAccount(t);
    const { secret, codes: old } = await enableTwoFactor(client, user.id);
    await t.database.db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(eq(recoveryCodes.codeHash, hashRecoveryCode(old[9]!.replace('-', ''))));
    expect((await status(client)).recoveryCodesLeft).toBe(9);

    // Re-authentication first: no code, a wrong one, one that is not a code at all.
    const none = await client.post<ErrorResponse>('/api/2fa/recovery-codes', {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('invalid_input');
    const malformed = await client.post<ErrorResponse>('/api/2fa/recovery-codes', {
      token: 'let me in',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_input');
    const wrong = await client.post<ErrorResponse>('/api/2fa/recovery-codes', { token: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_code');
    expect((await status(client)).recoveryCodesLeft).toBe(9);

    const made = await client.post<RecoveryCodesResponse>('/api/2fa/recovery-codes', {
      token: totpCode(secret, Date.now()),
    });
    expect(made.status).toBe(200);
    const fresh = made.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await outcomes(client))[0]).toBe('recovery_codes_made');

    const withOld = await pendingSignIn(user.username);
    expect((await withOld.post('/api/verify-2fa', { token: old[0] })).status).toBe(400);
    const withNew = await pendingSignIn(user.username);
    expect((await withNew.post('/api/verify-2fa', { token: fresh[0] })).status).toBe(200);

    // A recovery code proves the second factor too (the phone is lost): it is used up, and the
    // set it belonged to replaced.
    const again = await client.post<RecoveryCodesResponse>('/api/2fa/recovery-codes', {
      token: fresh[1]!.toUpperCase(),
    });
    expect(again.status).toBe(200);
    expect(again.body.recoveryCodes.some((code) => fresh.includes(code))).toBe(false);
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('are offered to an account that turned two-factor on before they existed', async () => {
    const { client, user } = await createAccount(t);
    const { secret } = await enableTwoFactor(client, user.id);
    await t.database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 0 });
    const made = await client.post<RecoveryCodesResponse>('/api/2fa/recovery-codes', {
      token: totpCode(secret, Date.now()),
    });
    expect(made.status).toBe(200);
    expect(await status(client)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('cannot be made without two-factor on', async () => {
    const { client } = await createAccount(t);
    const answer = await client.post<ErrorResponse>('/api/2fa/recovery-codes', {
      token: '123456',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('two_factor_not_enabled');
    expect((await apiClient(t.url).get('/api/2fa')).status).toBe(401);
  });

  it('go when two-factor is turned off, and a recovery code can turn it off', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const off = await client.post('/api/disable-2fa', { token: codes[4]!.toUpperCase() });
    expect(off.status).toBe(200);
    expect(await status(client)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const left = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(left).toEqual([]);

    // On again: a new set, and none of the old ones work.
    const { codes: fresh } = await enableTwoFactor(client, user.id);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    const browser = await pendingSignIn(user.username);
    expect((await browser.post('/api/verify-2fa', { token: codes[0] })).status).toBe(400);
  });

  it('prove the second factor again for the spec’s disable flow (verify, then an empty code)', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const verified = await client.post<VerifyTwoFactorResponse>('/api/verify-2fa', {
      token: codes[0],
    });
    expect(verified.status).toBe(200);
    expect(verified.body.recoveryCodesLeft).toBe(9);
    expect((await client.post('/api/disable-2fa', { token: '' })).status).toBe(200);
    expect((await client.get<CurrentUser>('/api/user')).body.twoFactorEnabled).toBe(false);
  });

  it('delete an account in place of a code from the app', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const deleted = await client.delete('/api/user', {
      password: TEST_PASSWORD,
      token: codes[2]!.replace('-', ' '),
    });
    expect(deleted.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toBeUndefined();
  });

  it('each work once however many are tried at once with one session', async () => {
    const { client, user } = await createAccount(t);
    const { codes } = await enableTwoFactor(client, user.id);
    const session = await signedInClient(t, user);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        session.post<VerifyTwoFactorResponse>('/api/verify-2fa', { token: codes[7] }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const unused = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    expect(unused).toHaveLength(9);
  });
});

describe('bad input never reaches a 5xx', () => {
  itRefusesBadBodies(() => t, [['POST', '/api/2fa/recovery-codes']]);
});
