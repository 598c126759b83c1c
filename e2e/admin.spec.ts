import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../server/features/twofactor/totp';
import { E2E_ADMIN, newTraveller } from './support/accounts';
import { actAsNewVisitor, toast } from './support/ui';

// Issue #38: the admin screen's people list, its confirmations, and the waitlist's sources.

const origin = () => test.info().project.use.baseURL ?? '';

async function signInAsAdmin(page: Page) {
  await actAsNewVisitor(page);
  const res = await page.request.post('/api/login', {
    headers: { origin: origin() },
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(res.status()).toBe(200);
}

/** A traveller, signed in in a context of their own, with an authenticator app set up. */
async function travellerWithTwoFactor(page: Page) {
  const me = newTraveller('people');
  const context = await page.context().browser()!.newContext({ baseURL: origin() });
  const headers = {
    origin: origin(),
    'x-forwarded-for': await actAsNewVisitor(await context.newPage()),
  };
  const request = context.request;
  expect((await request.post('/api/register', { headers, data: me })).status()).toBe(201);
  const setup = await request.post('/api/setup-2fa', { headers });
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await request.post('/api/confirm-2fa', {
    headers,
    data: { token: totpCode(secret, Date.now()) },
  });
  expect(confirm.status()).toBe(200);
  return { me, context, headers };
}

/** A person's row (wide screens) or card (phones). */
const personEntry = (page: Page, username: string) =>
  page.locator('tr, li').filter({ has: page.getByText(username, { exact: true }) });

test('an administrator finds someone, changes their plan and resets their second factors', {
  tag: '@phone',
}, async ({ page }) => {
  const { me, context, headers } = await travellerWithTwoFactor(page);
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'People' }).click();
  await expect(page).toHaveURL('/admin/waitlist?tab=people');

  await page
    .getByPlaceholder('Search by username, name or email...')
    .fill(me.username.toUpperCase());
  const entry = personEntry(page, me.username);
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText('Authenticator app')).toBeVisible();
  await expect(entry.getByText(me.email)).toBeVisible();
  await expect(page.getByText(E2E_ADMIN.username, { exact: true })).toHaveCount(0);

  await entry.getByRole('combobox', { name: `Plan of ${me.username}` }).selectOption('pro');
  await expect(toast(page, `${me.username} is now on the Pro plan.`)).toBeVisible();
  const theirs = await context.request.get('/api/user', { headers });
  expect((await theirs.json()).plan).toBe('pro');

  // A reset asks first, and Cancel keeps everything.
  await entry.getByRole('button', { name: 'Reset second factors' }).click();
  const dialog = page.getByRole('dialog', { name: `Reset ${me.username}'s second factors?` });
  await expect(dialog.getByText('They are signed out on every device.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await context.request.get('/api/user', { headers })).status()).toBe(200);

  await entry.getByRole('button', { name: 'Reset second factors' }).click();
  await dialog.getByRole('button', { name: 'Reset second factors' }).click();
  await expect(toast(page, `${me.username} is signed out everywhere`)).toBeVisible();
  await expect(entry.getByText('Off', { exact: true })).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Reset second factors' })).toBeDisabled();
  // Signed out at once, everywhere.
  expect((await context.request.get('/api/user', { headers })).status()).toBe(401);
  await context.close();
});

test('the waitlist shows where each address joined', { tag: '@phone' }, async ({ page }) => {
  await signInAsAdmin(page);
  const email = `${newTraveller('source').username}@example.com`;
  const joined = await page.request.post('/api/waitlist', {
    headers: { origin: origin() },
    data: { email, source: 'blog' },
  });
  expect(joined.status()).toBe(200);
  await page.goto('/admin/waitlist');
  await page.getByPlaceholder('Search by name or email...').fill(email);
  const entry = page.locator('tr, li').filter({ hasText: email });
  await expect(entry.getByText('Blog', { exact: true })).toBeVisible();
});
