import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, newTraveller } from './support/accounts';
import { actAsNewVisitor, toast } from './support/ui';

async function firstVisit(page: Page) {
  // Sign-ups are limited per address: each test signs up from an address of its own.
  const ip = await actAsNewVisitor(page);
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/register', {
    data: newTraveller('trips'),
    headers: { origin, 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(switcher(page)).toHaveText(/Bali 2023/);
}

function switcher(page: Page) {
  return page.getByRole('button', { name: /Bali 2023|Lisbon|Tripmates/ }).first();
}

async function openTripMenuItem(page: Page, item: string) {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test("a Free traveller's second trip is refused with the plan's message", async ({ page }) => {
  await firstVisit(page);
  await openTripMenuItem(page, 'New trip…');
  const dialog = page.getByRole('dialog', { name: 'New trip' });
  await dialog.getByLabel('Trip name').fill('Lisbon with the cousins');
  await dialog.getByRole('button', { name: 'Create trip' }).click();
  await expect(
    dialog.getByText(
      'Your Free plan allows 1 active trip. Delete a trip you no longer need, or upgrade your plan, to plan another.',
    ),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'See plans' })).toBeVisible();
});

// Issue #17: "upgrade your plan" led nowhere. Now it leads to the plans, early access is asked
// for there, an administrator grants it beside the waitlist, and the second trip goes through.
test('over the Free plan: See plans, ask for early access, an admin grants it, the trip is made', async ({
  page,
  browser,
}, testInfo) => {
  await firstVisit(page);
  await openTripMenuItem(page, 'New trip…');
  const dialog = page.getByRole('dialog', { name: 'New trip' });
  await dialog.getByLabel('Trip name').fill('Lisbon with the cousins');
  await dialog.getByRole('button', { name: 'Create trip' }).click();
  await dialog.getByRole('link', { name: 'See plans' }).click();

  await expect(page).toHaveURL('/plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  const free = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Free' }) });
  await expect(free.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  await page.getByRole('button', { name: 'Request early access to Premium' }).click();
  await expect(
    toast(page, 'An administrator will switch Premium on for your account.'),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Early access requested' }),
  ).toBeVisible();
  // The request is the server's, not the page's: it is still there after a reload.
  await page.reload();
  await expect(page.getByText('Early access requested')).toBeVisible();

  const username = (await (await page.request.get('/api/user')).json()).username as string;
  const admin = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await admin.goto('/auth');
  const signedIn = await admin.request.post('/api/login', {
    headers: { origin: new URL(admin.url()).origin },
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(signedIn.status()).toBe(200);
  await admin.goto('/admin/waitlist');
  await admin.getByRole('tab', { name: 'Early access' }).click();
  await expect(admin).toHaveURL('/admin/waitlist?tab=early-access');
  const request = admin.getByRole('listitem').filter({ hasText: username });
  await expect(request.getByText('Asks for Premium')).toBeVisible();
  await request.getByRole('button', { name: 'Grant Premium' }).click();
  // Issue #38: granting asks first.
  const confirm = admin.getByRole('dialog', { name: `Grant Premium to ${username}?` });
  await confirm.getByRole('button', { name: 'Grant Premium' }).click();
  await expect(toast(admin, `${username} now has the Premium plan.`)).toBeVisible();
  await expect(request.getByText('Granted', { exact: true })).toBeVisible();
  await admin.close();

  await page.goto('/plans');
  const premium = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Premium' }) });
  await expect(premium.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await openTripMenuItem(page, 'New trip…');
  await dialog.getByLabel('Trip name').fill('Lisbon with the cousins');
  await dialog.getByRole('button', { name: 'Create trip' }).click();
  await expect(toast(page, 'Lisbon with the cousins is ready to plan')).toBeVisible();
});

test('the trip is renamed in its settings, and after deleting it a new one is planned', {
  tag: '@phone',
}, async ({ page }) => {
  await firstVisit(page);
  await openTripMenuItem(page, 'Trip settings…');
  const settings = page.getByRole('dialog', { name: /settings/i });
  await settings.getByLabel('Trip name').fill('Lisbon');
  await settings.getByLabel('Destination').fill('Lisbon, Portugal');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings).toBeHidden();
  await expect(switcher(page)).toHaveText(/Lisbon/);
  await page.reload();
  await expect(switcher(page)).toHaveText(/Lisbon/);
  await expect(
    page.getByRole('region', { name: 'Trip Countdown', exact: true }).getByText('Lisbon, Portugal'),
  ).toBeVisible();

  // The first trip had Bali's zone; moved to a place the (fake) geocoder does not know, it has
  // none until the owner chooses one, which stays.
  await openTripMenuItem(page, 'Trip settings…');
  await expect(settings.getByLabel('Time zone')).toHaveValue('');
  await settings.getByLabel('Time zone').selectOption('Europe/Lisbon');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings).toBeHidden();
  await page.reload();
  await openTripMenuItem(page, 'Trip settings…');
  await expect(settings.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();

  // Deleting the only trip leaves the slot free: the next trip can be planned.
  await openTripMenuItem(page, 'Trip settings…');
  await page.getByRole('button', { name: 'Delete trip…' }).click();
  await page.getByRole('button', { name: 'Delete trip', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No trips yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No trips yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Plan a trip' }).click();
  const dialog = page.getByRole('dialog', { name: 'New trip' });
  await dialog.getByLabel('Trip name').fill('Porto');
  await dialog.getByRole('button', { name: 'Create trip' }).click();
  await expect(toast(page, 'Trip created')).toBeVisible();
  await expect(page.getByRole('button', { name: /Porto/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Trip Countdown', exact: true })).toBeVisible();
});
