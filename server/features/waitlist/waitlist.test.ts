import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { WaitlistEntry } from '../../../shared/contracts/waitlist';
import { type ApiClient, apiClient } from '../../test/apiClient';
import { createAccount } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { waitlistCsv } from './service';
import { waitlistEntries } from './tables';

let t: TestApp;
let admin: ApiClient;
let member: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  ({ client: admin } = await createAccount(t, { role: 'admin' }));
  ({ client: member } = await createAccount(t, { role: 'user' }));
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (prefix = 'guest') => `${prefix}_${Date.now().toString(36)}_${++n}@example.com`;

async function entryFor(email: string) {
  const list = await admin.get<WaitlistEntry[]>('/api/admin/waitlist');
  expect(list.status).toBe(200);
  return list.body.find((entry) => entry.email === email);
}

describe('POST /api/waitlist', () => {
  it('stores the address trimmed and lower-cased, with the name and where it came from', async () => {
    const email = uniqueEmail('Ana');
    const res = await apiClient(t.url).post<OkResponse>('/api/waitlist', {
      email: `  ${email.toUpperCase()} `,
      name: '  Ana Lima ',
      source: 'newsletter',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await entryFor(email.toLowerCase())).toMatchObject({
      email: email.toLowerCase(),
      name: 'Ana Lima',
      source: 'newsletter',
      contacted: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('makes the name optional and the source default to the landing page', async () => {
    const email = uniqueEmail();
    expect((await apiClient(t.url).post('/api/waitlist', { email })).status).toBe(200);
    expect(await entryFor(email)).toMatchObject({ name: null, source: 'landing' });
  });

  it('answers a repeated address like a new one and keeps a single entry', async () => {
    const email = uniqueEmail();
    const first = await apiClient(t.url).post('/api/waitlist', { email, source: 'blog' });
    const again = await apiClient(t.url).post('/api/waitlist', {
      email: email.toUpperCase(),
      name: 'Late Name',
      source: 'landing',
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const rows = (await t.database.db.select().from(waitlistEntries)).filter(
      (row) => row.email === email,
    );
    expect(rows).toHaveLength(1);
    // The first source stays; a name the entry lacked is filled in.
    expect(rows[0]).toMatchObject({ source: 'blog', name: 'Late Name' });
  });

  it.each([
    ['no body', undefined, /empty/],
    ['no e-mail', { name: 'Ana' }, /email/i],
    ['an address without an at-sign', { email: 'ana.example.com' }, /valid email/],
    ['an address without a domain', { email: 'ana@' }, /valid email/],
    ['a number for the e-mail', { email: 42 }, /email/i],
    ['a too-long e-mail', { email: `${'a'.repeat(250)}@example.com` }, /too long/],
    ['a too-long name', { email: 'ana@example.com', name: 'n'.repeat(101) }, /100/],
    ['a name that is not text', { email: 'ana@example.com', name: ['Ana'] }, /name/i],
    ['an unknown source', { email: 'ana@example.com', source: 'ads' }, /source/i],
    ['an array', [{ email: 'ana@example.com' }], /./],
  ])('refuses %s with a clear 400', async (_name, body, message) => {
    const res = await apiClient(t.url).post<ErrorResponse>(
      '/api/waitlist',
      body,
      body === undefined ? { 'content-type': 'application/json' } : {},
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('takes at most 10 submissions an hour from one address (429 after)', async () => {
    const visitor = apiClient(t.url, { ip: '192.0.2.77' });
    for (let i = 0; i < 10; i++) {
      expect((await visitor.post('/api/waitlist', { email: uniqueEmail() })).status).toBe(200);
    }
    const over = await visitor.post<ErrorResponse>('/api/waitlist', { email: uniqueEmail() });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many attempts/);
    // Another address is not held back.
    expect((await apiClient(t.url).post('/api/waitlist', { email: uniqueEmail() })).status).toBe(
      200,
    );
  });

  it('refuses a cross-site submission (CSRF)', async () => {
    const res = await apiClient(t.url).post(
      '/api/waitlist',
      { email: uniqueEmail() },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('the admin API', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/waitlist'],
    ['GET', '/api/admin/waitlist.csv'],
    ['PATCH', '/api/admin/waitlist/00000000-0000-4000-8000-000000000000'],
  ];

  it.each(routes)('%s %s answers 401 signed out and 403 to a non-admin', async (method, path) => {
    const call = (client: ApiClient) =>
      method === 'GET'
        ? client.get<ErrorResponse>(path)
        : client.patch<ErrorResponse>(path, undefined);
    const signedOut = await call(apiClient(t.url));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toMatch(/sign in/i);
    const notAdmin = await call(member);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toMatch(/administrator/);
  });

  it('lists entries newest first', async () => {
    const older = uniqueEmail('older');
    const newer = uniqueEmail('newer');
    await apiClient(t.url).post('/api/waitlist', { email: older });
    await apiClient(t.url).post('/api/waitlist', { email: newer });
    const { body } = await admin.get<WaitlistEntry[]>('/api/admin/waitlist');
    const emails = body.map((entry) => entry.email);
    expect(emails.indexOf(newer)).toBeLessThan(emails.indexOf(older));
  });

  it('marks an entry contacted as the spec sends it (JSON content type, no body), idempotently', async () => {
    const email = uniqueEmail();
    await apiClient(t.url).post('/api/waitlist', { email });
    const entry = await entryFor(email);
    expect(entry?.contacted).toBe(false);

    const res = await fetch(`${t.url}/api/admin/waitlist/${entry?.id}`, {
      method: 'PATCH',
      headers: {
        origin: t.url,
        'content-type': 'application/json',
        cookie: `tm_session=${admin.cookie}`,
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as WaitlistEntry).toMatchObject({
      id: entry?.id,
      email,
      contacted: true,
    });
    expect((await entryFor(email))?.contacted).toBe(true);

    const again = await admin.patch<WaitlistEntry>(`/api/admin/waitlist/${entry?.id}`);
    expect(again.status).toBe(200);
    expect(again.body.contacted).toBe(true);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1'])(
    'answers an unknown id (%s) with 404',
    async (id) => {
      const res = await admin.patch<ErrorResponse>(`/api/admin/waitlist/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No such waitlist entry');
    },
  );

  it('exports a CSV download', async () => {
    const email = uniqueEmail('csv');
    await apiClient(t.url).post('/api/waitlist', { email, name: 'Ana, "the planner"' });
    const res = await admin.get<string>('/api/admin/waitlist.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tripmates-waitlist-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('"email","name","source","joined","contacted"');
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^"${email}","Ana, ""the planner""","landing","\\d{4}-`)),
    );
  });
});

describe('waitlistCsv', () => {
  it('defuses cells a spreadsheet would run as a formula', () => {
    const csv = waitlistCsv([
      {
        id: 'x',
        email: 'ana@example.com',
        name: '=HYPERLINK("http://evil.example")',
        source: 'landing',
        createdAt: new Date('2026-01-02T03:04:05Z'),
        contactedAt: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"ana@example.com","'=HYPERLINK(""http://evil.example"")","landing","2026-01-02T03:04:05.000Z",""`,
    );
  });
});

// Issue #16: anyone can add to the waitlist, so the admin list comes a page at a time.
describe('the admin list, a page at a time', () => {
  let fresh: TestApp;
  let freshAdmin: ApiClient;
  beforeAll(async () => {
    fresh = await startTestApp();
    ({ client: freshAdmin } = await createAccount(fresh, { role: 'admin' }));
    // 250 entries, many sharing a time (as a burst of sign-ups would): the cursor must not skip
    // or repeat any of them at a page boundary.
    const base = Date.parse('2026-01-01T00:00:00Z');
    await fresh.database.db.insert(waitlistEntries).values(
      Array.from({ length: 250 }, (_, i) => ({
        email: `page${String(i).padStart(3, '0')}@example.com`,
        name: i === 7 ? 'Ana 100% _real_' : null,
        source: 'landing' as const,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
  });
  afterAll(() => fresh.close());

  const page = (query: string) => freshAdmin.get<WaitlistEntry[]>(`/api/admin/waitlist${query}`);

  it('walks every entry once, newest first, with the total on every page', async () => {
    const seen: WaitlistEntry[] = [];
    const sizes: number[] = [];
    let query = '?limit=100';
    for (;;) {
      const res = await page(query);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('250');
      seen.push(...res.body);
      sizes.push(res.body.length);
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      query = `?limit=100&before=${encodeURIComponent(next)}`;
    }
    expect(sizes).toEqual([100, 100, 50]);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(250);
    const times = seen.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('gives 100 entries without a limit, and refuses more than 500 a page', async () => {
    const first = await page('');
    expect(first.body).toHaveLength(100);
    expect(first.headers.get('x-next-cursor')).toBeTruthy();
    const tooMany = await freshAdmin.get<ErrorResponse>('/api/admin/waitlist?limit=501');
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'invalid_input']);
  });

  it('searches e-mail and name on the server, taking % and _ literally', async () => {
    const byEmail = await page('?q=PAGE24');
    expect(byEmail.body.map((entry) => entry.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `page24${i}@example.com`),
    );
    expect(byEmail.headers.get('x-total-count')).toBe('250');
    expect((await page(`?q=${encodeURIComponent('100% _real')}`)).body).toHaveLength(1);
    expect((await page(`?q=${encodeURIComponent('%')}`)).body).toHaveLength(1);
    expect((await page('?q=nobody-here')).body).toEqual([]);
  });

  it('answers a cursor it did not make with a 400, not a 500', async () => {
    for (const cursor of ['nonsense', '2026-01-01T00:00:00.000Z_not-a-uuid', '_']) {
      const res = await freshAdmin.get<ErrorResponse>(
        `/api/admin/waitlist?before=${encodeURIComponent(cursor)}`,
      );
      expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    }
  });
});
