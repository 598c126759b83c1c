import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { count } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SIGNED_IN_COOKIE } from '../shared/constants';
import type { ErrorResponse } from '../shared/contracts/errors';
import type { HealthResponse } from '../shared/contracts/health';
import { buildApp } from './app';
import { inlineScriptHashes, loadBuiltClient } from './platform/client';
import { loadConfig } from './platform/config';
import { fromPostgres } from './platform/db/postgres';
import { users } from './platform/db/schema';
import { createAccount } from './test/factories';
import { openApiDocument } from './test/openApi';
import { startTestApp, type TestApp } from './test/testApp';
import { createTestDatabase } from './test/testDatabase';

describe('the API on a real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports health', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()) as HealthResponse).toEqual({ status: 'ok', database: 'ok' });
  });

  it('runs on the database this test run is meant for', () => {
    // CI runs this file again with TEST_DATABASE_URL: make sure that really means PostgreSQL.
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('has applied the migrations', async () => {
    const rows = await t.database.db.select({ n: count() }).from(users);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('tells browsers and proxies to keep no copy of an API answer', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const user = await fetch(`${t.url}/api/user`);
    expect(user.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${t.url}/api/no-such-thing?x=1`, {
        method,
        headers: { origin: t.url },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()) as ErrorResponse).toEqual({
        code: 'not_found',
        message: `No such API route: ${method} /api/no-such-thing`,
      });
    }
  });

  it('answers a page request with 503 and a hint when the client is not built', async () => {
    const res = await fetch(`${t.url}/dashboard`);
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const doc = await openApiDocument(t.url);
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/health']!.get!.responses['200']!.content!['application/json']!.schema,
    ).toMatchObject({ properties: { status: { enum: ['ok', 'degraded'] } } });
    const ui = await fetch(`${t.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('sends security headers, without HTTPS-only ones on plain HTTP', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // No outside media is configured: none is allowed.
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("media-src 'self' blob:;");
  });

  it("lets in Pexels' CDNs with a Pexels key, and the landing video's origin", async () => {
    const app = await startTestApp({
      env: {
        PEXELS_API_KEY: 'test-key',
        LANDING_VIDEO_URL: 'https://cdn.example.com/films/coast.mp4',
      },
    });
    try {
      const csp = (await fetch(`${app.url}/api/health`)).headers.get('content-security-policy');
      expect(csp).toContain("img-src 'self' data: blob: https://images.pexels.com;");
      expect(csp).toContain(
        "media-src 'self' blob: https://videos.pexels.com https://player.vimeo.com https://images.pexels.com https://cdn.example.com;",
      );
    } finally {
      await app.close();
    }
  });
});

describe('errors', () => {
  const logLines: string[] = [];
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'info' }), {
      database,
      client: null,
      logStream: stream,
    });
    // Routes that exist only in this test, to drive each kind of failure through the real
    // error handler.
    app.post(
      '/api/test/echo',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({ email: z.email(), nights: z.number().int().min(1) }),
          querystring: z.object({ page: z.coerce.number().int().optional() }),
        },
      },
      async (request) => request.body,
    );
    app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
      throw new Error('database password is hunter2');
    });
    app.get('/api/test/query-crash', { config: { access: 'public' } }, async () => {
      const cause = Object.assign(new Error('value too long for type character varying(10)'), {
        code: '22001',
      });
      throw new DrizzleQueryError(
        'update "users" set "totp_secret" = $1 where "id" = $2',
        ['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'some-user'],
        cause,
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  const post = (body: string, headers: Record<string, string> = {}, query = '') =>
    fetch(`${url}/api/test/echo${query}`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json', ...headers },
      body,
    });

  it('passes valid input through', async () => {
    const res = await post(JSON.stringify({ email: 'ana@example.com', nights: 3 }));
    expect(res.status).toBe(200);
    expect((await res.json()) as { email: string; nights: number }).toEqual({
      email: 'ana@example.com',
      nights: 3,
    });
  });

  it('answers invalid fields with 400, a readable message and every issue', async () => {
    const res = await post(JSON.stringify({ email: 'nope', nights: 'two' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorResponse;
    expect(body.message).toBe('Invalid email address (email)');
    expect(body.issues).toEqual([
      { path: 'email', message: expect.stringMatching(/email/i) },
      { path: 'nights', message: expect.stringMatching(/number/i) },
    ]);
  });

  it('names the query parameter that is wrong', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', nights: 1 }), {}, '?page=abc');
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorResponse).issues![0]!.path).toBe('querystring.page');
  });

  it.each([
    ['malformed JSON', '{"email":', {}, 400, /not valid JSON/],
    ['an empty JSON body', '', {}, 400, /empty/],
    ['a non-JSON body', 'email=a', { 'content-type': 'text/xml' }, 415, /JSON/],
    ['an oversized body', JSON.stringify({ email: 'x'.repeat(2_000_000) }), {}, 413, /too large/],
  ])('answers %s with a clear 4xx', async (_name, body, headers, status, message) => {
    const res = await post(body, headers as Record<string, string>);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorResponse).message).toMatch(message);
  });

  it.each([
    // Issue #16: the router refused these itself, as {"error","code":"FST_ERR_…"} with the path.
    ['an undecodable path', '/api/trips/%zz', 400, 'bad_url'],
    ['a path segment of 600 characters', `/api/trips/${'x'.repeat(600)}`, 414, 'uri_too_long'],
  ])(
    'answers %s through the one error shape, without echoing it',
    async (_name, path, status, code) => {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(status);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code, message: expect.any(String) });
      expect(text).not.toContain(path.slice('/api/trips/'.length, 40));
    },
  );

  it('hides an unexpected error from the client and logs it', async () => {
    const res = await fetch(`${url}/api/test/crash`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text) as ErrorResponse).toEqual({
      code: 'internal',
      message: 'Internal server error',
    });
    expect(text).not.toContain('hunter2');
    expect(logLines.join('')).toContain('database password is hunter2');
  });

  it('logs a failed query without its parameters (secrets, hashes)', async () => {
    const res = await fetch(`${url}/api/test/query-crash`);
    expect(res.status).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('Failed query: update \\"users\\" set \\"totp_secret\\" = $1');
    expect(log).toContain('value too long');
    expect(log).toContain('22001');
    expect(log).not.toContain('JBSWY3DPEHPK3PXP');
    expect(log).not.toContain('some-user');
  });

  it('keeps query strings (tokens) out of the log', async () => {
    await fetch(`${url}/api/health?token=s3cret-reset-token`);
    const log = logLines.join('');
    expect(log).toContain('/api/health?[redacted]');
    expect(log).not.toContain('s3cret-reset-token');
  });
});

describe('health when the database is down', () => {
  it('answers 503', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const t = await startTestApp({
      database: fromPostgres('postgres://nobody@127.0.0.1:1/none', { max: 1 }),
    });
    try {
      const res = await fetch(`${t.url}/api/health`);
      expect(res.status).toBe(503);
      expect((await res.json()) as HealthResponse).toEqual({
        status: 'degraded',
        database: 'unavailable',
      });
    } finally {
      await t.close();
    }
  });
});

describe('serving the built client', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-client-'));
  const themeScript = "document.documentElement.classList.add('dark')";
  const bigAsset = `console.log(${JSON.stringify('trip '.repeat(2000))});`;
  let t: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html lang="en"><head><script>${themeScript}</script>` +
        '<link rel="preload" as="image" href="/landing/hero.svg" data-landing-only />\n' +
        '<script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), bigAsset);
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A precompressed twin whose content differs, to tell which one the server sent.
    fs.writeFileSync(path.join(dir, 'assets', 'vendor-def456.js'), 'raw file');
    fs.writeFileSync(
      path.join(dir, 'assets', 'vendor-def456.js.br'),
      zlib.brotliCompressSync('from the .br file'),
    );
    t = await startTestApp({
      client: loadBuiltClient(dir),
      env: { PUBLIC_URL: 'https://trips.example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', 200],
    ['/dashboard?trip=abc', 200],
    // Issue #37: a trip's address, and a panel's below it.
    ['/trips/0b6f3c1e-2a4d-4c8e-9f10-3a5b7c9d1e2f', 200],
    ['/trips/abc/itinerary', 200],
    ['/admin/waitlist', 200],
    ['/Auth/', 200],
    ['/join/bali-2023-x7k2', 200],
    // Issue #17: a path the client has no page for is a 404, with the client's 404 page.
    ['/no/such/page?x=1', 404],
    ['/dashboardx', 404],
    ['/join', 404],
    ['/join/a/b', 404],
    ['/trips', 404],
    ['/trips/abc/itinerary/more', 404],
  ])('answers %s with index.html (%i), revalidated on every load', async (pathname, status) => {
    const res = await fetch(`${t.url}${pathname}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('/assets/index-abc123.js');
  });

  /** The SIGNED_IN_COOKIE lines a page's answer sets ('1') or clears (''), in order. */
  const signedInMarks = (res: Response) =>
    res.headers
      .getSetCookie()
      .filter((line) => line.startsWith(`${SIGNED_IN_COOKIE}=`))
      .map((line) => (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) ? '' : line));

  it('preloads the landing image only for a signed-out visitor of /, and sets no cookie for one', async () => {
    const landing = await fetch(`${t.url}/`);
    expect(landing.headers.get('vary')).toMatch(/cookie/i);
    expect(landing.headers.getSetCookie()).toEqual([]);
    expect(await landing.text()).toContain('href="/landing/hero.svg"');

    const help = await (await fetch(`${t.url}/help`)).text();
    expect(help).toContain('<html lang="en">');
    expect(help).not.toContain('data-landing-only');
  });

  it('keeps the readable signed-in mark true to the session a page is asked with (issue #38)', async () => {
    const { client } = await createAccount(t);
    const session = `tm_session=${client.cookie}`;

    // A live session whose mark is missing (a cookie from before the mark): the page sets it,
    // readable by scripts, and is no landing page's.
    const member = await fetch(`${t.url}/`, { headers: { cookie: session } });
    const [mark] = signedInMarks(member);
    expect(mark).toMatch(new RegExp(`^${SIGNED_IN_COOKIE}=1;`));
    expect(mark).not.toMatch(/HttpOnly/i);
    expect(mark).toMatch(/SameSite=Lax/);
    expect(await member.text()).not.toContain('data-landing-only');
    // Both there: nothing to write.
    const again = await fetch(`${t.url}/dashboard`, {
      headers: { cookie: `${session}; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(again.headers.getSetCookie()).toEqual([]);

    // A session that is over (expired, ended elsewhere) or a mark without any: cleared, and the
    // visitor of / gets the landing page's preloads.
    for (const cookie of [`tm_session=stale; ${SIGNED_IN_COOKIE}=1`, `${SIGNED_IN_COOKIE}=1`]) {
      const stale = await fetch(`${t.url}/`, { headers: { cookie } });
      expect(signedInMarks(stale)).toEqual(['']);
      expect(await stale.text()).toContain('href="/landing/hero.svg"');
    }
  });

  it('allows exactly the inline scripts of index.html in the CSP', async () => {
    const res = await fetch(`${t.url}/`);
    const [hash] = inlineScriptHashes(await res.text());
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash}`);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await fetch(`${t.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe(bigAsset); // fetch decodes brotli
  });

  it('sends the precompressed file from the build when the client takes it', async () => {
    const br = await fetch(`${t.url}/assets/vendor-def456.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toBe('from the .br file');
    const plain = await fetch(`${t.url}/assets/vendor-def456.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(await plain.text()).toBe('raw file');
  });

  it('revalidates files without a content hash', async () => {
    const res = await fetch(`${t.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves files by their path under the build, never outside it', async () => {
    // One route for every file (issue #36: one per file was 2,200 routes, ~11 MB at idle).
    fs.mkdirSync(path.join(dir, 'excalidraw', 'fonts'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'excalidraw', 'fonts', 'added-later.woff2'), 'font');
    const nested = await fetch(`${t.url}/excalidraw/fonts/added-later.woff2`);
    expect(nested.status).toBe(200);
    expect(await nested.text()).toBe('font');
    const outside = await fetch(`${t.url}/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
    expect(outside.status).not.toBe(200);
    expect(await outside.text()).not.toContain('root:');
  });

  it('does not answer a missing asset with the page', async () => {
    const res = await fetch(`${t.url}/api/assets/index-abc123.js`);
    expect(res.status).toBe(404);
  });

  it('sends HTTPS-only headers when PUBLIC_URL is https', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
