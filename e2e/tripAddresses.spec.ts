import { expect, type Page, test } from '@playwright/test';
import { newTraveller } from './support/accounts';
import { planTrip, signUpMember, signUpPerson, todoList } from './support/together';
import { actAsNewVisitor } from './support/ui';

// Issue #37: a trip has an address, /trips/<id>; the old `?trip=<id>` links move there.

const switcher = (page: Page, name: RegExp) => page.getByRole('button', { name }).first();

async function expectTripOpen(page: Page, tripId: string, name: RegExp) {
  await expect(page).toHaveURL(new RegExp(`/trips/${tripId}$`));
  await expect(switcher(page, name)).toBeVisible();
  await expect(todoList(page)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(name);
}

test('old ?trip= links land on the trip’s address with it open, and Back does not lead to them', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const owner = await signUpPerson(browser, { base, firstName: 'Olga', lastName: 'Owner' });
  const { member, tripId } = await signUpMember(browser, owner, {
    base,
    firstName: 'Milo',
    lastName: 'Member',
  });
  const madeiraId = await planTrip(member, base, { name: 'Madeira' });

  await member.goto('/help');
  await member.goto(`/dashboard?trip=${tripId}`);
  await expectTripOpen(member, tripId, /^Bali 2023/);
  // The form a signed-in `/` wrote into the address bar.
  await member.goto(`/?trip=${madeiraId}`);
  await expectTripOpen(member, madeiraId, /^Madeira/);

  // Each old link was replaced by the trip's address: Back goes from trip to trip, then on.
  await member.goBack();
  await expectTripOpen(member, tripId, /^Bali 2023/);
  await member.goBack();
  await expect(member).toHaveURL(/\/help$/);
  await member.goForward();
  await expectTripOpen(member, tripId, /^Bali 2023/);

  // Choosing a trip goes to its address, in place as before.
  await switcher(member, /^Bali 2023/).click();
  await member.getByRole('menuitemradio', { name: /^Madeira/ }).click();
  await expectTripOpen(member, madeiraId, /^Madeira/);
  await member.goBack();
  await expect(member).toHaveURL(/\/help$/);

  await owner.context().close();
  await member.context().close();
});

test('a signed-out visitor of a trip’s address signs in and comes back to the trip', async ({
  page,
  browser,
  baseURL,
}) => {
  const ip = await actAsNewVisitor(page);
  const me = newTraveller('address');
  const res = await page.request.post('/api/register', {
    data: me,
    headers: { origin: baseURL!, 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(201);
  const [trip] = (await (await page.request.get('/api/trips')).json()) as { id: string }[];

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await actAsNewVisitor(visitor);
  await visitor.goto(`/trips/${trip!.id}`);
  await expect(visitor.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(visitor.getByText('Please sign in to access the dashboard')).toBeVisible();
  await visitor.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(visitor).toHaveURL(`/auth?next=${encodeURIComponent(`/trips/${trip!.id}`)}`);
  await visitor.getByLabel('Username').fill(me.username);
  await visitor.getByLabel('Password', { exact: true }).fill(me.password);
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await expectTripOpen(visitor, trip!.id, /^Bali 2023/);
  await visitor.context().close();
});
