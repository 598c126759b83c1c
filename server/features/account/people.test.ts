import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPerson,
  CurrentUser,
  LoginActivity,
  SecondFactorsReset,
} from '../../../shared/contracts/account';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import { loginEvents, sessions, users } from '../../platform/db/schema';
import { apiClient } from '../../test/apiClient';
import { type Account, createAccount, createUser, signedInClient } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { passkeys } from '../passkeys/tables';
import { recoveryCodes } from '../twofactor/tables';

// Issue #38: the administrators' people list, the reset of someone's second factors, and the
// administrator's one-time welcome.

let t: TestApp;
let admin: Account;
let someone: Account;
const logLines: string[] = [];
const SECRET = 'JBSWY3DPEHPK3PXP';

beforeAll(async () => {
  t = await startTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  admin = await createAccount(t, { role: 'admin', username: 'root_admin' });
  someone = await createAccount(t);
});
afterAll(() => t.close());

const list = (who: Account, query = '') =>
  who.client.get<AdminPerson[] & ErrorResponse>(`/api/admin/users${query}`);
const resetPath = (id: string) => `/api/admin/users/${id}/reset-second-factors`;

/** Someone with TOTP on (and two recovery codes), `passkeyCount` passkeys and a session. */
async function withSecondFactors(passkeyCount: number) {
  const person = await createAccount(t, {
    twoFactorEnabled: true,
    totpSecret: SECRET,
    totpLastStep: 3,
  });
  await t.database.db.insert(recoveryCodes).values([
    { userId: person.id, codeHash: 'a'.repeat(64) },
    { userId: person.id, codeHash: 'b'.repeat(64) },
  ]);
  if (passkeyCount > 0) {
    await t.database.db.insert(passkeys).values(
      Array.from({ length: passkeyCount }, (_, n) => ({
        userId: person.id,
        credentialId: `credential-${person.id}-${n}`,
        publicKey: `public-key-${person.id}-${n}`,
        name: `Key ${n + 1}`,
      })),
    );
  }
  return person;
}

describe('who may see and act on people', () => {
  it('answers 401 signed out and 403 to an account that is not an administrator', async () => {
    const anonymous = apiClient(t.url);
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['POST', resetPath(someone.id)],
      ['POST', '/api/user/admin-welcome'],
    ] as const) {
      const call = method === 'GET' ? 'get' : 'post';
      expect((await anonymous[call](path)).status, path).toBe(401);
      const refused = await someone.client[call]<ErrorResponse>(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code).toBe('admin_only');
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists each account with its plan, role, second factors, creation and last sighting', async () => {
    const ana = await withSecondFactors(2);
    const res = await list(admin, `?q=${ana.user.username}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: ana.id,
        username: ana.user.username,
        name: 'Ana Lima',
        email: ana.user.email,
        emailConfirmed: true,
        plan: 'free',
        role: 'user',
        totp: true,
        passkeys: 2,
        createdAt: ana.user.createdAt.toISOString(),
        // Its factory session was made just now.
        lastSeenAt: expect.any(String),
      },
    ]);
    const seen = Date.parse(res.body[0]!.lastSeenAt!);
    expect(Math.abs(seen - Date.now())).toBeLessThan(60_000);
    // Nothing secret travels: no hashes, no TOTP secret.
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
  });

  it('says never for an account that has not signed in, and remembers a sign-in once signed out', async () => {
    const quiet = await createUser(t.database.db, {
      pendingEmail: 'quiet@example.com',
      email: null,
    });
    const [person] = (await list(admin, `?q=${quiet.username}`)).body;
    expect(person).toMatchObject({
      lastSeenAt: null,
      email: 'quiet@example.com',
      emailConfirmed: false,
      totp: false,
      passkeys: 0,
    });

    // A sign-in long ago, whose session has since ended: the sign-in is when they were seen.
    const at = new Date('2026-03-01T10:00:00.000Z');
    await t.database.db
      .insert(loginEvents)
      .values({ userId: quiet.id, outcome: 'success', createdAt: at });
    await t.database.db
      .insert(loginEvents)
      .values({ userId: quiet.id, outcome: 'wrong_password', createdAt: new Date() });
    const [again] = (await list(admin, `?q=${quiet.username}`)).body;
    expect(again!.lastSeenAt).toBe(at.toISOString());
  });

  it('searches usernames, names and addresses, in any case, and takes % and _ literally', async () => {
    const zed = await createUser(t.database.db, {
      username: `zed_${Date.now()}`,
      firstName: 'Zedekiah',
      lastName: 'Quill',
      email: `zq${Date.now()}@Example.org`,
    });
    for (const q of [
      zed.username.toUpperCase(),
      'zedekiah quill',
      'QUILL',
      zed.email.toLowerCase(),
    ]) {
      const res = await list(admin, `?q=${encodeURIComponent(q)}`);
      expect(
        res.body.map((p) => p.id),
        q,
      ).toEqual([zed.id]);
    }
    expect((await list(admin, '?q=%25')).body).toEqual([]);
    expect((await list(admin, '?q=nobody-is-called-this')).body).toEqual([]);
  });

  it('pages newest first with a cursor, and counts every account', async () => {
    const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(users);
    const first = await list(admin, '?limit=2');
    expect(first.body).toHaveLength(2);
    expect(first.headers.get(PAGE_TOTAL_HEADER)).toBe(String(n));
    const cursor = first.headers.get(PAGE_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const seen = [...first.body];
    let next = cursor;
    while (next) {
      const page = await list(admin, `?limit=2&before=${encodeURIComponent(next)}`);
      expect(page.status).toBe(200);
      seen.push(...page.body);
      next = page.headers.get(PAGE_CURSOR_HEADER);
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen.map((p) => p.id)).size).toBe(n);
    const times = seen.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a cursor it did not give, and a page too big', async () => {
    const bad = await list(admin, '?before=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('That page of people is not valid. Reload the list.');
    expect((await list(admin, '?limit=201')).status).toBe(400);
  });
});

describe('POST /api/admin/users/:id/reset-second-factors', () => {
  it('removes TOTP, recovery codes and passkeys, signs the person out, and says so', async () => {
    const bo = await withSecondFactors(1);
    const otherBrowser = await signedInClient(t, bo.user);
    expect((await bo.client.get('/api/user')).status).toBe(200);

    const res = await admin.client.post<SecondFactorsReset>(resetPath(bo.id));
    expect(res.status).toBe(200);
    expect(res.body.removed).toEqual({ totp: true, recoveryCodes: 2, passkeys: 1, sessions: 2 });
    expect(res.body.person).toMatchObject({ id: bo.id, totp: false, passkeys: 0 });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, bo.id));
    expect(row).toMatchObject({
      twoFactorEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
    expect(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, bo.id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, bo.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, bo.id))).toEqual(
      [],
    );
    // Every browser of theirs is signed out at once.
    expect((await bo.client.get('/api/user')).status).toBe(401);
    expect((await otherBrowser.get('/api/user')).status).toBe(401);

    // Their own sign-in history says what happened, without the administrator's address.
    const back = await signedInClient(t, bo.user);
    const history = await back.get<LoginActivity>('/api/login-activity');
    expect(history.body[0]).toMatchObject({ outcome: 'second_factors_reset', ip: null });
  });

  it('writes an audit line naming who and what, with no secret in it', async () => {
    const cy = await withSecondFactors(0);
    const before = logLines.length;
    expect((await admin.client.post(resetPath(cy.id))).status).toBe(200);
    const lines = logLines.slice(before).map((line) => JSON.parse(line));
    const audit = lines.find((line) => line.audit === 'second_factors_reset');
    expect(audit).toMatchObject({
      adminId: admin.id,
      userId: cy.id,
      removed: { totp: true, recoveryCodes: 2, passkeys: 0, sessions: 1 },
    });
    const written = logLines.slice(before).join('');
    for (const secret of [SECRET, admin.client.cookie!, 'a'.repeat(64)]) {
      expect(written).not.toContain(secret);
    }
  });

  it('resets someone with nothing to reset as a no-op that still signs them out', async () => {
    const plain = await createAccount(t);
    const res = await admin.client.post<SecondFactorsReset>(resetPath(plain.id));
    expect(res.body.removed).toEqual({ totp: false, recoveryCodes: 0, passkeys: 0, sessions: 1 });
  });

  it("refuses the administrator's own account, and answers 404 for no such account", async () => {
    const own = await admin.client.post<ErrorResponse>(resetPath(admin.id));
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('Reset your own second factors on your Security page.');
    expect((await admin.client.get('/api/user')).status).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await admin.client.post<ErrorResponse>(resetPath(id));
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('No such user');
    }
  });
});

describe("the administrator's welcome", () => {
  it('shows to an administrator until seen, once, and never to anyone else', async () => {
    const fresh = await createAccount(t, { role: 'admin' });
    expect((await fresh.client.get<CurrentUser>('/api/user')).body.adminWelcome).toBe(true);
    expect((await someone.client.get<CurrentUser>('/api/user')).body.adminWelcome).toBe(false);

    const seen = await fresh.client.post<CurrentUser>('/api/user/admin-welcome');
    expect(seen.status).toBe(200);
    expect(seen.body.adminWelcome).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, fresh.id));
    const first = row!.adminWelcomedAt;
    expect(first).toBeInstanceOf(Date);

    // Seen again (another tab): it keeps the first time, and stays seen in a new session.
    await fresh.client.post('/api/user/admin-welcome');
    const [again] = await t.database.db.select().from(users).where(eq(users.id, fresh.id));
    expect(again!.adminWelcomedAt).toEqual(first);
    const elsewhere = await signedInClient(t, fresh.user);
    expect((await elsewhere.get<CurrentUser>('/api/user')).body.adminWelcome).toBe(false);
  });
});
