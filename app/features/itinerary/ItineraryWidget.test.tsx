import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import { ItineraryWidget } from './ItineraryWidget';
import { itemUrl, MEMBERS_URL, makeItem, members, PLAN_URL, trip } from './itineraryTestData';

const boat = makeItem({
  id: 'boat',
  title: 'Boat to Nusa Penida',
  day: '2027-01-13',
  rank: 'a0',
  kind: 'transport',
  startTime: '09:00',
  endTime: '12:00',
  place: { name: 'Sanur harbour' },
  link: 'https://www.example.com/boats',
  cost: { amount: 45, currency: 'EUR' },
});
const lunch = makeItem({
  id: 'lunch',
  title: 'Lunch at the cliff',
  day: '2027-01-13',
  rank: 'a1',
  kind: 'meal',
  startTime: '11:30',
  endTime: '13:00',
  goers: [{ id: 'u2', name: 'Ben Okafor' }],
});
const snorkel = makeItem({
  id: 'snorkel',
  title: 'Snorkel Crystal Bay',
  day: '2027-01-13',
  rank: 'a2',
});
const temple = makeItem({ id: 'temple', title: 'Uluwatu temple', day: null, rank: 'a0' });
const stray = makeItem({ id: 'stray', title: 'Old plan', day: '2027-01-02', rank: 'a0' });

function renderWidget(items: ItineraryItem[] | Route, { expanded = false } = {}) {
  const api = mockApi({
    [`GET ${PLAN_URL}`]: Array.isArray(items) ? { body: items } : items,
    [`GET ${MEMBERS_URL}`]: { body: members },
    'GET /api/trips/t1/comments/counts': { body: {} },
  });
  renderPage(<ItineraryWidget trip={trip} expanded={expanded} />, { route: '/trips/t1' });
  return { api, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const itemsIn = (region: HTMLElement) => [
  ...region.querySelectorAll<HTMLElement>('[data-plan-item]'),
];
const titlesIn = (region: HTMLElement) =>
  itemsIn(region).map((item) => item.getAttribute('aria-label'));

async function openMenu(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: `More for “${title}”` }));
  return screen.findByRole('menu');
}

afterEach(() => {
  resetToasts();
});

describe('ItineraryWidget', () => {
  it('shows each day with its date and items in order, the ideas, and what is outside the dates', async () => {
    renderWidget([snorkel, temple, lunch, stray, boat]);
    await screen.findByText('Boat to Nusa Penida');

    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Day 1 Tue, Jan 12, 2027',
      'Day 2 Wed, Jan 13, 2027',
      'Day 3 Thu, Jan 14, 2027',
      'Outside the trip’s dates',
      'Ideas Not on a day yet',
    ]);
    expect(within(section('Day 1')).getByText('Nothing planned yet')).toBeVisible();
    expect(titlesIn(section('Day 2'))).toEqual([
      'Boat to Nusa Penida',
      'Lunch at the cliff',
      'Snorkel Crystal Bay',
    ]);
    expect(titlesIn(section('Ideas'))).toEqual(['Uluwatu temple']);
    const outside = section('Outside');
    expect(titlesIn(outside)).toEqual(['Old plan']);
    expect(within(outside).getByText('Sat, Jan 2, 2027')).toBeVisible();

    // An item's face: kind, time, place, who goes, estimate, link, and its comments.
    const first = itemsIn(section('Day 2'))[0]!;
    expect(within(first).getByLabelText('Transport')).toBeTruthy();
    expect(first.textContent).toContain('9:00 AM – 12:00 PM');
    expect(first.textContent).toContain('Sanur harbour');
    expect(first.textContent).toContain('Everyone');
    expect(first.textContent).toContain('≈ €45.00');
    expect(within(first).getByRole('link', { name: /example\.com/ })).toHaveAttribute(
      'href',
      'https://www.example.com/boats',
    );
    expect(
      within(first).getByRole('button', { name: 'Comment on “Boat to Nusa Penida”' }),
    ).toBeTruthy();
    const second = itemsIn(section('Day 2'))[1]!;
    expect(second.textContent).toContain('Goes: Ben Okafor');

    // The boat runs into lunch, which Ben shares with everyone on the boat.
    expect(within(section('Day 2')).getByRole('list', { name: 'Warnings' }).textContent).toBe(
      '“Boat to Nusa Penida” (9:00 AM – 12:00 PM) and “Lunch at the cliff” (11:30 AM – 1:00 PM) overlap',
    );
    expect(screen.getByText('4 planned · 1 idea', { exact: false })).toBeTruthy();
  });

  it('says the plan is empty, and still shows the days to add to', async () => {
    renderWidget([]);
    expect(await screen.findByText(/^Nothing planned yet\. Add what you will do/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add to day 3' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add an idea' })).toBeVisible();
  });

  it('shows a spinner while the plan loads, and the server’s error with Retry', async () => {
    const reply = deferred<Reply>();
    const { api, user } = renderWidget(() => reply.promise);
    expect(screen.getByRole('status', { name: 'Loading the plan' })).toBeVisible();
    reply.resolve({ status: 404, body: { message: 'No such trip' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the plan');
    expect(alert.textContent).toContain('No such trip');

    api.on(`GET ${PLAN_URL}`, { body: [temple] });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Uluwatu temple')).toBeVisible();
  });

  it('moves an item up between its new neighbours (PATCH day and rank), shown at once', async () => {
    const reply = deferred<Reply>();
    const { api, user } = renderWidget([boat, lunch, snorkel]);
    api.on(`PATCH ${itemUrl('snorkel')}`, () => reply.promise);

    const menu = await openMenu(user, 'Snorkel Crystal Bay');
    await user.click(within(menu).getByRole('menuitem', { name: 'Move up' }));

    const [call] = api.callsTo(`PATCH ${itemUrl('snorkel')}`);
    const { day, rank } = call!.body as { day: string; rank: string };
    expect(day).toBe('2027-01-13');
    // Between the boat's key and lunch's: no other item changes.
    expect(rank > boat.rank && rank < lunch.rank).toBe(true);
    await waitFor(() =>
      expect(titlesIn(section('Day 2'))).toEqual([
        'Boat to Nusa Penida',
        'Snorkel Crystal Bay',
        'Lunch at the cliff',
      ]),
    );
    reply.resolve({ body: { ...snorkel, day, rank } });
    await waitFor(() => expect(api.callsTo(`PATCH ${itemUrl('snorkel')}`)).toHaveLength(1));
    expect(titlesIn(section('Day 2'))[1]).toBe('Snorkel Crystal Bay');
  });

  it('moves an idea to the end of a day from its menu, and back when refused', async () => {
    const { api, user } = renderWidget([boat, lunch, temple]);
    api.on(`PATCH ${itemUrl('temple')}`, {
      status: 400,
      body: { message: 'That day is not one of the trip’s days' },
    });

    const menu = await openMenu(user, 'Uluwatu temple');
    await user.click(within(menu).getByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    const day = within(dialog).getByLabelText('Day') as HTMLSelectElement;
    // It starts from where the item is.
    expect(day.value).toBe('');
    await user.selectOptions(day, 'Day 2 · Wed, Jan 13, 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${itemUrl('temple')}`)).toHaveLength(1));
    const body = api.callsTo(`PATCH ${itemUrl('temple')}`)[0]?.body as {
      day: string;
      rank: string;
    };
    expect(body.day).toBe('2027-01-13');
    expect(body.rank > lunch.rank).toBe(true);

    await findToast('Could not move “Uluwatu temple”', 'That day is not one of the trip’s days');
    // Focus is back on the item's menu, wherever the item is.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'More for “Uluwatu temple”' }),
      ),
    );
    expect(titlesIn(section('Ideas'))).toEqual(['Uluwatu temple']);
    expect(titlesIn(section('Day 2'))).toEqual(['Boat to Nusa Penida', 'Lunch at the cliff']);
  });

  it('removes an item at once, and Undo puts the same item back', async () => {
    const { api, user } = renderWidget([boat, temple]);
    api.on(`DELETE ${itemUrl('temple')}`, { body: { success: true } });
    api.on(`POST ${PLAN_URL}`, (call) => ({
      status: 201,
      body: { ...temple, ...(call.body as object) },
    }));

    const menu = await openMenu(user, 'Uluwatu temple');
    await user.click(within(menu).getByRole('menuitem', { name: 'Remove from the plan' }));
    await waitFor(() => expect(screen.queryByText('Uluwatu temple')).toBeNull());
    // Focus stays in the list it was in.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add an idea' })),
    );

    const toast = await findToast('“Uluwatu temple” removed from the plan');
    await user.click(within(toast).getByRole('button', { name: /Undo/ }));
    expect(await screen.findByText('Uluwatu temple')).toBeVisible();
    expect(api.callsTo(`POST ${PLAN_URL}`).map((call) => call.body)).toEqual([
      {
        id: 'temple',
        kind: 'activity',
        title: 'Uluwatu temple',
        day: null,
        startTime: null,
        endTime: null,
        place: null,
        link: null,
        notes: null,
        cost: null,
        goers: null,
        rank: 'a0',
      },
    ]);
  });
});
