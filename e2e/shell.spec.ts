import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newTraveller } from './support/accounts';

/** Fails the test on any console error or uncaught exception — CSP violations included. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser logs every failed request, the 404 page's own document included; anything
    // else logged as an error is a real problem.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The landing header's way to /auth: Sign In on a desktop, Login on a phone (spec §2). */
function signInLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^(Sign In|Login)$/ });
}

test('an unknown path shows the 404 page, and it leads home', { tag: '@phone' }, async ({
  page,
}) => {
  const problems = watchConsole(page);
  // Issue #17: the server says so too (it answered 200), and the page has a title of its own.
  const response = await page.goto('/no/such/place');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(signInLink(page)).toBeVisible();
  expect(problems).toEqual([]);
});

test('the theme is dark by default, and a chosen theme survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  const body = page.locator('body');
  const background = () => body.evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect(html).toHaveCSS('color-scheme', 'dark');
  const dark = await background();

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect(html).toHaveCSS('color-scheme', 'light');
  await expect(body).not.toHaveCSS('background-color', dark);
  const light = await background();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  // The inline script applies the saved theme before any of the app's JavaScript runs (no dark
  // flash): with the app's scripts held back, the page is light all the same.
  const appScripts = /\.js$/;
  await page.route(appScripts, (route) => route.abort());
  await page.reload();
  await expect(html).toHaveCSS('color-scheme', 'light');
  await expect(body).toHaveCSS('background-color', light);

  await page.unroute(appScripts);
  await page.reload();
  await expect(signInLink(page)).toBeVisible();
  await expect(body).toHaveCSS('background-color', light);
});

test('the health endpoint answers', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
});

/**
 * A signed-in browser (a new account's session, and the readable mark that comes with it), whose
 * GET /api/user the test then answers itself: what these tests hold or fail.
 */
async function withSession(page: Page, baseURL: string | undefined) {
  const res = await page.request.post('/api/register', {
    headers: { origin: baseURL ?? '' },
    data: newTraveller('shell'),
  });
  expect(res.status()).toBe(201);
}

test('a visitor without a session cookie gets the landing page without asking /api/user', async ({
  page,
}) => {
  let asked = 0;
  await page.route('/api/user', (route) => {
    asked += 1;
    return route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(signInLink(page)).toBeVisible();
  expect(asked).toBe(0);
});

/** Every error the page logs, failed requests included (a 401 of GET /api/user is one). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a signed-out visit to / and /auth logs no error, even with a session that is over', async ({
  page,
  baseURL,
}) => {
  // Issue #38: the API still answers a signed-out GET /api/user with 401 (spec §7), but the
  // client asks only when the browser holds the signed-in mark, which the server keeps true.
  const errors = consoleErrors(page);
  // The landing video's file is on Pexels' CDN, out of reach here: asking for reduced motion
  // keeps the landing page from loading it (useLandingVideo), so every error left would be ours.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(signInLink(page)).toBeVisible();
  await signInLink(page).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // A session that ended elsewhere (expired, signed out everywhere) leaves its cookies behind.
  await page.context().addCookies([
    { name: 'tm_session', value: 'ended', url: baseURL ?? '' },
    { name: 'tm_signed_in', value: '1', url: baseURL ?? '' },
  ]);
  await page.goto('/');
  await expect(signInLink(page)).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('signing in and out in another tab: this one follows at its next page', async ({
  context,
  baseURL,
}) => {
  const visitor = await context.newPage();
  const errors = consoleErrors(visitor);
  await visitor.emulateMedia({ reducedMotion: 'reduce' });
  await visitor.goto('/');
  await expect(signInLink(visitor)).toBeVisible();

  const other = await context.newPage();
  const me = newTraveller('tabs');
  const res = await other.request.post('/api/register', {
    headers: { origin: baseURL ?? '' },
    data: me,
  });
  expect(res.status()).toBe(201);
  await other.goto('/dashboard');
  await expect(other.getByRole('button', { name: /^Account menu for / })).toBeVisible();

  await visitor.goto('/dashboard');
  await expect(visitor.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  // Off the dashboard before the sign-out: an open dashboard whose session ends under it reloads
  // its widgets and meets 401s, which is another matter than a signed-out visit.
  await visitor.goto('/help');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();

  await other.goto('/logout');
  await expect(other).toHaveURL(/\/$/);
  await visitor.goto('/');
  await expect(signInLink(visitor)).toBeVisible();
  await visitor.goto('/dashboard');
  await expect(visitor.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  // (The dashboard's own requests are not this test's business: only no 401 was asked for.)
  expect(errors.filter((error) => /\b401\b/.test(error))).toEqual([]);
});

test('the loading spinner shows while the user loads, then gives way', async ({
  page,
  baseURL,
}) => {
  await withSession(page, baseURL);
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('/api/user', async (route) => {
    await answered;
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"message":"Not signed in"}',
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to access the dashboard')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
});

test('a failing user request counts as signed out rather than hanging', async ({
  page,
  baseURL,
}) => {
  await withSession(page, baseURL);
  await page.route('/api/user', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Internal server error"}',
    }),
  );
  await page.goto('/admin/waitlist');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to access the waitlist admin panel')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/auth?next=%2Fadmin%2Fwaitlist');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

const staticPages = [
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/cookies', 'Cookies Policy'],
  ['/help', 'Help Center'],
  ['/careers', 'Careers'],
  ['/blog', 'Our Blog is Coming Soon'],
  ['/about', 'About Tripmates'],
  ['/press', 'Press Kit Coming Soon'],
] as const;

for (const [path, heading] of staticPages) {
  test(`${path} renders "${heading}" on a deep link and leads back home`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    expect(problems).toEqual([]);
  });
}

test('the API documentation renders under the Content-Security-Policy', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Tripmates API')).toBeVisible();
  await expect(page.getByText('/api/health')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the page has no horizontal scroll', { tag: '@phone' }, async ({ page }) => {
  // Issue #17: the server says so too (it answered 200), and the page has a title of its own.
  const response = await page.goto('/no/such/place');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('the build ships brotli and gzip twins of its assets, and the browser gets brotli', async ({
  page,
}) => {
  const entry = page.waitForResponse((res) => /\/assets\/index-[^/]+\.js$/.test(res.url()));
  await page.goto('/');
  const res = await entry;
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const file = path.join('dist/client/assets', path.basename(new URL(res.url()).pathname));
  expect(fs.existsSync(`${file}.br`)).toBe(true);
  expect(fs.existsSync(`${file}.gz`)).toBe(true);
});
