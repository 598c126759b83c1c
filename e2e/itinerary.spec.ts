import { expect, type Locator, type Page, test } from '@playwright/test';
import { openTrip, ownerAndMemberOnTrip } from './support/together';

/**
 * The plan (issue #39): the owner adds the Itinerary and plans something on day 1; the member
 * sees it arrive, opens the plan full screen at its address and drags the item to day 2 with the
 * mouse; the owner sees it move, and moves it on from its menu (the way without dragging).
 */

const planWidget = (page: Page) => page.getByRole('region', { name: 'Itinerary', exact: true });
const day = (page: Page, number: number) =>
  planWidget(page).getByRole('region', { name: new RegExp(`^Day ${number}\\b`) });
const item = (within: Locator, title: string) =>
  within
    .locator('[data-plan-item]')
    .filter({ has: within.page().getByText(title, { exact: true }) });

test('an item planned by one member is dragged to another day by the other, live', async ({
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member, tripId } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Priya', lastName: 'Plan' },
    { base, firstName: 'Tomas', lastName: 'Plan' },
  );
  // Dates of its own, so the days are known: Sat Mar 1 to Mon Mar 3, 2031.
  const dated = await owner.request.patch(`/api/trips/${tripId}`, {
    data: { startDate: '2031-03-01', endDate: '2031-03-03' },
    headers: { origin: base },
  });
  expect(dated.status()).toBe(200);
  await openTrip(owner, tripId);
  await openTrip(member, tripId);

  // The owner adds the Itinerary; it is on the member's board too.
  await owner.getByRole('button', { name: 'Add Widget' }).click();
  await owner
    .getByRole('dialog', { name: 'Add Widget' })
    .getByRole('button', { name: 'Itinerary Plan the trip day by day' })
    .click();
  await expect(planWidget(owner)).toBeVisible();
  await expect(planWidget(member)).toBeVisible();
  await expect(day(member, 1)).toContainText('Sat, Mar 1, 2031');

  // The owner plans a boat trip on day 1, with a time.
  await day(owner, 1).getByRole('button', { name: 'Add to day 1' }).click();
  const form = owner.getByRole('dialog', { name: 'Add to the plan' });
  await form.getByLabel('Title').fill('Boat to Nusa Penida');
  await form.getByLabel('Starts (optional)').fill('09:00');
  await form.getByLabel('Place (optional)').fill('Sanur harbour');
  await form.getByRole('button', { name: 'Add to the plan' }).click();
  await expect(form).toBeHidden();

  // The member sees it arrive, then opens the plan full screen: its own address.
  await expect(item(day(member, 1), 'Boat to Nusa Penida')).toContainText('9:00 AM');
  await planWidget(member).getByRole('button', { name: 'Expand Itinerary' }).click();
  await expect(member).toHaveURL(`/trips/${tripId}/plan`);

  // Days stand side by side: the member drags the boat from day 1 to day 2 with the mouse.
  const handle = day(member, 1).getByRole('button', { name: 'Move “Boat to Nusa Penida”' });
  const from = (await handle.boundingBox())!;
  const to = (await day(member, 2).boundingBox())!;
  expect(to.x).toBeGreaterThan(from.x + from.width);
  await member.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await member.mouse.down();
  await member.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await member.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 20 });
  await member.mouse.up();
  await expect(item(day(member, 2), 'Boat to Nusa Penida')).toBeVisible();
  await expect(day(member, 1).getByText('Nothing planned yet')).toBeVisible();

  // The owner sees it move, without a reload.
  await expect(item(day(owner, 2), 'Boat to Nusa Penida')).toBeVisible();
  await expect(item(day(owner, 1), 'Boat to Nusa Penida')).toHaveCount(0);

  // Without dragging: the owner moves it on to day 3 from its menu; the member sees it there.
  await item(day(owner, 2), 'Boat to Nusa Penida')
    .getByRole('button', { name: 'More for “Boat to Nusa Penida”' })
    .click();
  await owner.getByRole('menuitem', { name: 'Move to…' }).click();
  const moveTo = owner.getByRole('dialog', { name: 'Move to…' });
  await moveTo.getByLabel('Day').selectOption({ label: 'Day 3 · Mon, Mar 3, 2031' });
  await moveTo.getByRole('button', { name: 'Move' }).click();
  await expect(item(day(member, 3), 'Boat to Nusa Penida')).toBeVisible();
  await expect(item(day(member, 2), 'Boat to Nusa Penida')).toHaveCount(0);

  // Collapsing the plan goes back to the trip's address; the address opens it again.
  await planWidget(member).getByRole('button', { name: 'Collapse Itinerary' }).click();
  await expect(member).toHaveURL(`/trips/${tripId}`);
  await member.goto(`/trips/${tripId}/plan`);
  await expect(planWidget(member)).toHaveAttribute('data-expanded', 'true', { timeout: 30_000 });
  await expect(item(day(member, 3), 'Boat to Nusa Penida')).toBeVisible();

  await owner.context().close();
  await member.context().close();
});
