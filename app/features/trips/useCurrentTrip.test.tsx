import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAddress } from '@/lib/router';
import { makeUser, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import type { Trip } from '../../../shared/contracts/trips';
import { makeTrip } from './tripFixtures';
import { LAST_TRIP_STORAGE_KEY, useCurrentTrip } from './useCurrentTrip';

const bali = makeTrip();
const lisbon = makeTrip({ id: 't2', name: 'Lisbon', destination: 'Lisbon, Portugal' });
const kyoto = makeTrip({ id: 't3', name: 'Kyoto', destination: null, role: 'member' });

/** Shows what the hook chose and where the router is, with buttons to choose. */
function Probe() {
  const current = useCurrentTrip();
  const location = useAddress();
  return (
    <div>
      <p data-testid="trip">{current.isLoading ? 'loading' : (current.trip?.name ?? 'none')}</p>
      <p data-testid="url">{location.pathname + location.search}</p>
      <button type="button" onClick={() => current.selectTrip('t3')}>
        Open Kyoto
      </button>
      <button type="button" onClick={() => current.selectTrip(null)}>
        Open none
      </button>
    </div>
  );
}

// The dashboard's addresses, one page as in the app.
const DASHBOARD_PATHS = ['/dashboard', '/trips/:tripId', '/trips/:tripId/:panel'];

async function renderProbe(route: string, trips: Trip[] = [bali, lisbon, kyoto]) {
  const api = mockApi({ 'GET /api/trips': { body: trips } });
  renderPage(<Probe />, { route, path: DASHBOARD_PATHS, user: makeUser() });
  const shown = async () => {
    const trip = screen.getByTestId('trip');
    await vi.waitFor(() => expect(trip.textContent).not.toBe('loading'));
    return trip.textContent;
  };
  return { api, shown };
}

describe('useCurrentTrip', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the trip named by its address and remembers it as the last one opened', async () => {
    window.localStorage.setItem(LAST_TRIP_STORAGE_KEY, 't1');
    const { shown } = await renderProbe('/trips/t2');
    expect(await shown()).toBe('Lisbon');
    expect(window.localStorage.getItem(LAST_TRIP_STORAGE_KEY)).toBe('t2');
  });

  it('shows the trip of an old ?trip= link at once, while the dashboard moves it', async () => {
    window.localStorage.setItem(LAST_TRIP_STORAGE_KEY, 't1');
    const { shown } = await renderProbe('/dashboard?trip=t2');
    expect(await shown()).toBe('Lisbon');
    expect(window.localStorage.getItem(LAST_TRIP_STORAGE_KEY)).toBe('t2');
  });

  it('at /dashboard opens the last trip opened in this browser', async () => {
    window.localStorage.setItem(LAST_TRIP_STORAGE_KEY, 't3');
    const { shown } = await renderProbe('/dashboard');
    expect(await shown()).toBe('Kyoto');
  });

  it('with neither opens the first trip', async () => {
    const { shown } = await renderProbe('/dashboard');
    expect(await shown()).toBe('Bali 2023');
    expect(window.localStorage.getItem(LAST_TRIP_STORAGE_KEY)).toBe('t1');
  });

  it('falls back to the first trip for an id that is not one of mine', async () => {
    const { shown } = await renderProbe('/trips/deleted');
    expect(await shown()).toBe('Bali 2023');
  });

  it('falls back to the first trip for a stale remembered trip', async () => {
    window.localStorage.setItem(LAST_TRIP_STORAGE_KEY, 'gone');
    const { shown } = await renderProbe('/dashboard');
    expect(await shown()).toBe('Bali 2023');
    expect(window.localStorage.getItem(LAST_TRIP_STORAGE_KEY)).toBe('t1');
  });

  it('selectTrip goes to the trip’s address (keeping the panel and the query) and remembers it', async () => {
    const { shown } = await renderProbe('/trips/t2/chat?x=1');
    expect(await shown()).toBe('Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Open Kyoto' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('url').textContent).toBe('/trips/t3/chat?x=1'),
    );
    expect(screen.getByTestId('trip').textContent).toBe('Kyoto');
    expect(window.localStorage.getItem(LAST_TRIP_STORAGE_KEY)).toBe('t3');
  });

  it('selectTrip from /dashboard goes to the trip’s address', async () => {
    const { shown } = await renderProbe('/dashboard');
    expect(await shown()).toBe('Bali 2023');
    await userEvent.click(screen.getByRole('button', { name: 'Open Kyoto' }));
    await vi.waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/trips/t3'));
    expect(screen.getByTestId('trip').textContent).toBe('Kyoto');
  });

  it('selectTrip(null) clears the choice and goes to /dashboard: no trip when none is left', async () => {
    window.localStorage.setItem(LAST_TRIP_STORAGE_KEY, 't1');
    const { shown } = await renderProbe('/trips/t1', []);
    expect(await shown()).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: 'Open none' }));
    await vi.waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/dashboard'));
    expect(window.localStorage.getItem(LAST_TRIP_STORAGE_KEY)).toBeNull();
  });

  it('still chooses a trip when storage is unavailable', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const { shown } = await renderProbe('/dashboard');
    expect(await shown()).toBe('Bali 2023');
    await userEvent.click(screen.getByRole('button', { name: 'Open Kyoto' }));
    expect(screen.getByTestId('trip').textContent).toBe('Kyoto');
  });
});
