import { expect, type Page, test } from '@playwright/test';
import { newTraveller } from './support/accounts';
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
});

test('the trip is renamed in its settings, and after deleting it a new one is planned', async ({
  page,
}) => {
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
