import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAddress } from '@/lib/router';
import { deferred, makeUser, mockApi, type Reply, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { TripSwitcher } from './TripSwitcher';
import { makeTrip } from './tripFixtures';
import { useCurrentTrip } from './useCurrentTrip';

const bali = makeTrip();
const lisbon = makeTrip({
  id: 't2',
  name: 'Lisbon with the whole extended family and friends',
  destination: 'Lisbon, Portugal',
  startDate: '2027-03-05',
  endDate: '2027-03-12',
  ownerId: 'u2',
  role: 'member',
});

const DASHBOARD_PATHS = ['/dashboard', '/trips/:tripId'];

/** The dashboard's use of the switcher, with the URL on show. */
function TopBar() {
  const current = useCurrentTrip();
  const location = useAddress();
  return (
    <header>
      <TripSwitcher current={current} />
      <p data-testid="url">{location.pathname + location.search}</p>
    </header>
  );
}

function renderSwitcher(route = '/dashboard', routes: Record<string, Route> = {}) {
  const api = mockApi({ 'GET /api/trips': { body: [bali, lisbon] }, ...routes });
  renderPage(<TopBar />, { route, path: DASHBOARD_PATHS, user: makeUser() });
  return api;
}

async function openMenu(name: string | RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('TripSwitcher', () => {
  beforeEach(() => resetToasts());

  it('shows the current trip and lists my trips with places, dates, roles and a check', async () => {
    renderSwitcher('/trips/t1');
    const menu = await openMenu('Bali 2023');
    expect(within(menu).getByText('Your trips')).toBeVisible();
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Bali 2023OwnerBali, Indonesia · Dec 20 – Jan 3',
      'Lisbon with the whole extended family and friendsLisbon, Portugal · Mar 5 – Mar 12',
    ]);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(within(menu).getByRole('menuitem', { name: 'New trip…' })).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Trip settings…' })).toBeVisible();
  });

  it('switches trip: the address changes and the button names the new trip', async () => {
    renderSwitcher('/trips/t1');
    const menu = await openMenu('Bali 2023');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /^Lisbon/ }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByTestId('url').textContent).toBe('/trips/t2');
    const button = screen.getByRole('button', { name: /^Lisbon with the whole/ });
    // Long names are cut short on screen; the full name stays in the tooltip.
    expect(button.querySelector('.truncate')?.textContent).toBe(lisbon.name);
    expect(button.getAttribute('title')).toBe(lisbon.name);
    const reopened = await openMenu(/^Lisbon with the whole/);
    expect(
      within(reopened)
        .getByRole('menuitemradio', { name: /^Lisbon/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('switches with the keyboard', async () => {
    renderSwitcher('/trips/t1');
    const button = await screen.findByRole('button', { name: 'Bali 2023' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('url').textContent).toBe('/trips/t2');
  });

  it('says the trips are loading until they come', async () => {
    const answer = deferred<Reply>();
    renderSwitcher('/dashboard', { 'GET /api/trips': () => answer.promise });
    const button = screen.getByRole('button', { name: 'Tripmates' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    const menu = await openMenu('Tripmates');
    expect(within(menu).getByRole('status').textContent).toBe('Loading your trips…');
    answer.resolve({ body: [bali] });
    expect(await within(menu).findByRole('menuitemradio', { name: /^Bali 2023/ })).toBeVisible();
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('shows the product name and says so when there is no trip', async () => {
    renderSwitcher('/dashboard', { 'GET /api/trips': { body: [] } });
    const menu = await openMenu('Tripmates');
    expect(within(menu).getByText('No trips yet.')).toBeVisible();
    const settings = within(menu).getByRole('menuitem', { name: 'Trip settings…' });
    expect(settings.getAttribute('aria-disabled')).toBe('true');
  });

  it('offers to try again when the trips could not be loaded', async () => {
    const api = renderSwitcher('/dashboard', {
      'GET /api/trips': { status: 500, body: { message: 'Database is down' } },
    });
    const menu = await openMenu('Tripmates');
    expect(within(menu).getByRole('alert').textContent).toBe('Your trips could not be loaded.');
    api.on('GET /api/trips', { body: [bali] });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Try again' }));
    expect(await within(menu).findByRole('menuitemradio', { name: /^Bali 2023/ })).toBeVisible();
    // The menu stays open (the rest of the page is hidden behind it) while the button catches up.
    expect(screen.getByRole('button', { name: 'Bali 2023', hidden: true })).toBeInTheDocument();
    expect(api.callsTo('GET /api/trips')).toHaveLength(2);
  });

  it('makes a new trip from the menu and switches to it', async () => {
    const rome = makeTrip({ id: 't9', name: 'Rome', destination: 'Rome, Italy' });
    const api = renderSwitcher('/trips/t1', {
      'POST /api/trips': { status: 201, body: rome },
    });
    const menu = await openMenu('Bali 2023');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'New trip…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trip' });
    const name = within(dialog).getByLabelText('Trip name');
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    await userEvent.type(name, 'Rome');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create trip' }));

    await findToast('Trip created', 'Rome is ready to plan');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The router applies a navigation as a transition: wait for it rather than for a time.
    await vi.waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/trips/t9'));
    const button = screen.getByRole('button', { name: 'Rome' });
    expect(document.activeElement).toBe(button);
    // The list came from the answer; it was not fetched again.
    expect(api.callsTo('GET /api/trips')).toHaveLength(1);
    const names = within(await openMenu('Rome'))
      .getAllByRole('menuitemradio')
      .map((item) => item.querySelector('.truncate')?.textContent);
    expect(names).toEqual(['Bali 2023', 'Rome', lisbon.name]);
  });

  it('deletes the current trip from its settings and moves to the next one', async () => {
    const api = renderSwitcher('/trips/t1', {
      'DELETE /api/trips/t1': { body: { success: true } },
    });
    const menu = await openMenu('Bali 2023');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Trip settings…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trip settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete trip…' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete trip' }));

    await findToast('Trip deleted', 'Bali 2023 has been deleted.');
    expect(api.callsTo('DELETE /api/trips/t1')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/trips/t2'));
    expect(screen.getByRole('button', { name: /^Lisbon/ })).toBeVisible();
    const left = within(await openMenu(/^Lisbon/)).getAllByRole('menuitemradio');
    expect(left).toHaveLength(1);
  });

  it('shows no trip once the last one is deleted, without asking the server for a new one', async () => {
    const api = renderSwitcher('/trips/t1', {
      'GET /api/trips': { body: [bali] },
      'DELETE /api/trips/t1': { body: { success: true } },
    });
    const menu = await openMenu('Bali 2023');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Trip settings…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trip settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete trip…' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete trip' }));

    await findToast('Trip deleted', 'Bali 2023 has been deleted.');
    await vi.waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/dashboard'));
    expect(screen.getByRole('button', { name: 'Tripmates' })).toBeVisible();
    expect(api.callsTo('GET /api/trips')).toHaveLength(1);
  });
});

describe('Change Background in the menu', () => {
  it('offers Change Background in the menu when the dashboard asks (on a phone)', async () => {
    mockApi({ 'GET /api/trips': { body: [bali] } });
    const onChangeBackground = vi.fn();
    function PhoneBar() {
      return <TripSwitcher current={useCurrentTrip()} onChangeBackground={onChangeBackground} />;
    }
    renderPage(<PhoneBar />, { route: '/dashboard', user: makeUser() });
    const menu = await openMenu('Bali 2023');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Change Background' }));
    expect(onChangeBackground).toHaveBeenCalledTimes(1);
  });

  it('has no Change Background in the menu otherwise', async () => {
    renderSwitcher('/trips/t1');
    const menu = await openMenu('Bali 2023');
    expect(within(menu).queryByRole('menuitem', { name: 'Change Background' })).toBeNull();
  });
});
