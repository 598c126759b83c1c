import { expect, type Page, test } from '@playwright/test';
import { E2E_LISTING_SITE_PORT } from './support/fakePorts';
import { ownerAndMemberOnTrip } from './support/together';

/**
 * Deciding together (issue #21): one person searches flights, the other sees the results land;
 * both shortlist and vote, the leader shows, and the owner's choice goes into Flight Details. A
 * pasted listing joins the stays' shortlist for everyone. Prices come from the fake Duffel the
 * e2e server is pointed at; listing pages from the fake site on 127.0.0.1.
 */

const widget = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function addWidget(page: Page, name: RegExp) {
  await page.getByRole('button', { name: 'Add Widget' }).click();
  await page.getByRole('dialog', { name: 'Add Widget' }).getByRole('button', { name }).click();
}

test('search flights together, shortlist, vote, choose into Flight Details; paste a stay', async ({
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Dewi', lastName: 'Decide' },
    { base, firstName: 'Kofi', lastName: 'Decide' },
  );

  await addWidget(owner, /^Flight Search/);
  const ownerSearch = widget(owner, 'Flight Search');
  const memberSearch = widget(member, 'Flight Search');
  await expect(memberSearch).toBeVisible();
  await expect(memberSearch.getByText(/No search yet/)).toBeVisible();

  // "To" starts from the trip's destination, Bali: its airport (issue #38).
  await expect(memberSearch.getByLabel('To')).toHaveValue('DPS');
  // The member searches; the owner sees who searched, the query and the flights arrive.
  await memberSearch.getByLabel('From').fill('cgk');
  await memberSearch.getByLabel('Depart').fill(inDays(30));
  await memberSearch.getByLabel(/^Return/).fill(inDays(44));
  await memberSearch.getByLabel('Travellers').selectOption('2');
  await memberSearch.getByRole('button', { name: 'Search flights' }).click();
  await expect(ownerSearch.getByRole('status')).toContainText('Kofi Decide searched');
  await expect(ownerSearch.getByRole('status')).toContainText('CGK → DPS');
  const ownerOffers = ownerSearch
    .getByRole('list', { name: 'Flights found' })
    .getByRole('listitem');
  await expect(ownerOffers).toHaveCount(3);
  // Cheapest first, priced for two.
  await expect(ownerOffers.first()).toContainText('490.00');
  // The form folds away under the results; reopened, it holds the member's query.
  await ownerSearch.getByRole('button', { name: 'Change search' }).click();
  await expect(ownerSearch.getByLabel('From')).toHaveValue('CGK');
  await ownerSearch.getByRole('button', { name: 'Cancel' }).click();
  await expect(ownerSearch.getByRole('link', { name: /Search on Skyscanner/ })).toHaveAttribute(
    'href',
    /skyscanner\.net\/transport\/flights\/cgk\/dps\//,
  );

  // Each shortlists a flight; both appear on both shortlists.
  await ownerSearch.getByRole('button', { name: /^Shortlist Duffel Airways, .*490\.00/ }).click();
  await memberSearch.getByRole('button', { name: /^Shortlist Duffel Airways, .*636\.40/ }).click();
  // Shortlisted is shown as such on both screens: an offer goes on the list once.
  await expect(
    memberSearch.getByRole('button', { name: /^Shortlist Duffel Airways, .*490\.00/ }),
  ).toBeDisabled();
  await expect(
    ownerSearch.getByRole('button', { name: /^Shortlist Duffel Airways, .*636\.40/ }),
  ).toHaveText(/Shortlisted/);
  await ownerSearch.getByRole('tab', { name: 'Shortlist (2)' }).click();
  await memberSearch.getByRole('tab', { name: 'Shortlist (2)' }).click();
  const ownerList = ownerSearch.getByRole('list', { name: 'Shortlist' }).getByRole('article');
  const memberList = memberSearch.getByRole('list', { name: 'Shortlist' }).getByRole('article');
  await expect(ownerList).toHaveCount(2);
  await expect(memberList).toHaveCount(2);

  // Both vote yes on the direct one (the second added): it leads on both screens.
  await ownerList
    .nth(1)
    .getByRole('button', { name: /^Yes: 0/ })
    .click();
  await memberList
    .nth(1)
    .getByRole('button', { name: /^Yes: 1/ })
    .click();
  await memberList
    .nth(0)
    .getByRole('button', { name: /^No: 0/ })
    .click();
  await expect(ownerList.nth(1)).toHaveAttribute('data-leading', 'true');
  await expect(ownerList.nth(1)).toContainText('Yes: Dewi Decide and Kofi Decide');
  await expect(memberList.nth(1).getByText('Leading')).toBeVisible();

  // Only the owner chooses; the flight goes into Flight Details, a record a leg.
  await expect(memberList.nth(1).getByRole('button', { name: 'Mark chosen' })).toHaveCount(0);
  await ownerList.nth(1).getByRole('button', { name: 'Mark chosen' }).click();
  await ownerList.nth(1).getByRole('button', { name: 'Choose and add to Flight Details' }).click();
  await expect(memberList.nth(1).getByText('Chosen', { exact: true })).toBeVisible();
  const memberFlights = widget(member, 'Flight Details');
  await expect(memberFlights.getByText('ZZ 300')).toBeVisible();
  await expect(memberFlights.getByText('ZZ 301')).toBeVisible();

  // Stays: the member pastes a listing; the owner sees it with its price on the shortlist.
  await addWidget(owner, /^Stays/);
  const memberStays = widget(member, 'Stays');
  await expect(memberStays).toBeVisible();
  await memberStays
    .getByLabel('Found a place? Paste its link')
    .fill(`http://127.0.0.1:${E2E_LISTING_SITE_PORT}/villa`);
  await memberStays.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(memberStays.getByRole('status')).toHaveText(
    'Shortlisted: Villa Sawah & rice fields',
  );
  const ownerStays = widget(owner, 'Stays');
  await ownerStays.getByRole('tab', { name: 'Shortlist (1)' }).click();
  const villa = ownerStays.getByRole('article', { name: 'Villa Sawah & rice fields' });
  await expect(villa).toContainText('240.00');
  await expect(villa.getByRole('link', { name: /Book on 127\.0\.0\.1/ })).toHaveAttribute(
    'href',
    `http://127.0.0.1:${E2E_LISTING_SITE_PORT}/villa`,
  );

  // A link to a private address is refused with a reason.
  await memberStays.getByLabel('Found a place? Paste its link').fill('http://10.0.0.7/admin');
  await memberStays.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(memberStays.getByRole('alert')).toHaveText('That address is not a public web page');

  await owner.context().close();
  await member.context().close();
});
