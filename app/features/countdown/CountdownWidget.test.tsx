import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWidgets } from '@/features/board/useWidgets';
import { makeTrip } from '@/features/trips/tripFixtures';
import { mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { CountdownWidget } from './CountdownWidget';

const WIDGETS_URL = '/api/trips/t1/widgets';
const PATCH_URL = '/api/widgets/countdown1';

function makeCountdown(data: Widget['data'] = null): Widget {
  return {
    id: 'countdown1',
    tripId: 't1',
    type: 'countdown',
    position: { top: 96, left: 32 },
    title: 'Trip Countdown',
    data,
  };
}

/** The countdown as the board shows it: from the cached board, so a saved change shows. */
function OnBoard({ trip }: { trip: Trip }) {
  const widgets = useWidgets(trip.id);
  const widget = widgets.data?.[0];
  return widget ? <CountdownWidget widget={widget} trip={trip} expanded={false} /> : null;
}

/**
 * `now` is local time. Only the clock and the countdown's one-second interval are faked, so
 * Testing Library and user events keep their real timers.
 */
async function renderCountdown(
  now: Date,
  {
    data = null,
    patch,
    tripOverrides = {},
  }: { data?: Widget['data']; patch?: Route; tripOverrides?: Partial<Trip> } = {},
) {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(now);
  const api = mockApi({
    [`GET ${WIDGETS_URL}`]: { body: [makeCountdown(data)] },
    ...(patch ? { [`PATCH ${PATCH_URL}`]: patch } : {}),
  });
  // Bali, Dec 20 2026 to Jan 3 2027.
  renderPage(<OnBoard trip={makeTrip(tripOverrides)} />, { route: '/dashboard' });
  await screen.findByRole('button', { name: 'Dates' });
  return { api, user: userEvent.setup() };
}

/** The units shown, e.g. { Days: '6', Hours: '14', Minutes: '00', Seconds: '00' }. */
function timeLeft() {
  const list = screen.getByLabelText('Time left');
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

function tick(seconds = 1) {
  act(() => vi.advanceTimersByTime(seconds * 1000));
}

const december = (day: number, hour = 0, minute = 0, second = 0) =>
  new Date(2026, 11, day, hour, minute, second);

afterEach(() => {
  resetToasts();
});

describe('CountdownWidget', () => {
  it('counts days, hours, minutes and seconds to the start of the trip, every second', async () => {
    await renderCountdown(december(13, 10));
    expect(screen.getByText(/^Until/).textContent).toBe('Until Bali, Indonesia');
    expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible();
    expect(timeLeft()).toEqual({ Days: '6', Hours: '14', Minutes: '00', Seconds: '00' });

    tick();
    expect(timeLeft()).toEqual({ Days: '6', Hours: '13', Minutes: '59', Seconds: '59' });
    tick();
    expect(timeLeft()).toEqual({ Days: '6', Hours: '13', Minutes: '59', Seconds: '58' });
    tick(58);
    expect(timeLeft()).toEqual({ Days: '6', Hours: '13', Minutes: '59', Seconds: '00' });
  });

  it('counts to the widget’s own dates rather than the trip’s', async () => {
    await renderCountdown(december(13, 10), {
      data: { startDate: '2026-12-15', endDate: '2026-12-18' },
    });
    expect(timeLeft()).toEqual({ Days: '1', Hours: '14', Minutes: '00', Seconds: '00' });
    expect(screen.getByText('Dec 15, 2026 – Dec 18, 2026')).toBeVisible();
  });

  it('sets a day count of 1 000 or more smaller, so it stays inside its box', async () => {
    await renderCountdown(december(13, 10), {
      data: { startDate: '2031-03-01', endDate: '2031-03-08' },
    });
    expect(timeLeft().Days).toBe('1538');
    const number = (unit: string) =>
      within(screen.getByLabelText('Time left')).getByText(unit).nextElementSibling!;
    expect(number('Days').className).toContain('text-lg');
    expect(number('Hours').className).toContain('text-2xl');
  });

  it('names the trip when it has no destination', async () => {
    await renderCountdown(december(13, 10), { tripOverrides: { destination: '' } });
    expect(screen.getByText(/^Until/).textContent).toBe('Until Bali 2023');
  });

  it('turns to “the trip is on” when the first day comes', async () => {
    await renderCountdown(december(19, 23, 59, 58));
    expect(timeLeft()).toEqual({ Days: '0', Hours: '00', Minutes: '00', Seconds: '02' });
    tick(2);
    expect(screen.getByRole('status').textContent).toBe('The trip is on. Enjoy every moment!');
    expect(screen.queryByLabelText('Time left')).toBeNull();
    expect(screen.queryByText(/^Until/)).toBeNull();
  });

  it('is under way through the last day', async () => {
    await renderCountdown(new Date(2027, 0, 3, 23, 59));
    expect(screen.getByRole('status').textContent).toBe('The trip is on. Enjoy every moment!');
  });

  it('says the trip is over after the last day', async () => {
    await renderCountdown(new Date(2027, 0, 4, 0, 0));
    expect(screen.getByRole('status').textContent).toBe(
      'This trip is over. Hope it was a great one!',
    );
    expect(screen.queryByLabelText('Time left')).toBeNull();
    expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible();
  });

  describe('the Dates form', () => {
    const field = (label: 'Starts' | 'Ends') => screen.getByLabelText(label) as HTMLInputElement;
    const pick = (label: 'Starts' | 'Ends', value: string) =>
      fireEvent.change(field(label), { target: { value } });

    it('starts from the dates counted to and saves the widget’s own (PATCH { data })', async () => {
      const { api, user } = await renderCountdown(december(13, 10), {
        patch: (call) => ({ body: { ...makeCountdown(), ...(call.body as object) } }),
      });
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      expect([field('Starts').value, field('Ends').value]).toEqual(['2026-12-20', '2027-01-03']);
      // Following the trip: nothing to go back to.
      expect(screen.queryByRole('button', { name: "Use the trip's dates" })).toBeNull();

      pick('Starts', '2026-12-24');
      pick('Ends', '2027-01-02');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(api.callsTo(`PATCH ${PATCH_URL}`).map((call) => call.body)).toEqual([
        { data: { startDate: '2026-12-24', endDate: '2027-01-02' } },
      ]);
      expect(screen.queryByLabelText('Starts')).toBeNull();
      expect(timeLeft()).toEqual({ Days: '10', Hours: '14', Minutes: '00', Seconds: '00' });
      expect(screen.getByText('Dec 24, 2026 – Jan 2, 2027')).toBeVisible();
    });

    it('refuses an end before the start, and sends nothing', async () => {
      const { api, user } = await renderCountdown(december(13, 10));
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      pick('Starts', '2026-12-24');
      pick('Ends', '2026-12-23');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(screen.getByRole('alert').textContent).toBe('The end must be on or after the start');
      expect(field('Starts').value).toBe('2026-12-24');
      expect(api.callsTo(`PATCH ${PATCH_URL}`)).toEqual([]);
    });

    it('asks for both dates', async () => {
      const { api, user } = await renderCountdown(december(13, 10));
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      pick('Ends', '');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('alert').textContent).toBe('Please pick both dates');
      expect(api.callsTo(`PATCH ${PATCH_URL}`)).toEqual([]);
    });

    it('goes back to the trip’s dates with “Use the trip’s dates” (PATCH { data: null })', async () => {
      const { api, user } = await renderCountdown(december(13, 10), {
        data: { startDate: '2026-12-15', endDate: '2026-12-18' },
        patch: { body: makeCountdown() },
      });
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      expect([field('Starts').value, field('Ends').value]).toEqual(['2026-12-15', '2026-12-18']);
      await user.click(screen.getByRole('button', { name: "Use the trip's dates" }));

      expect(api.callsTo(`PATCH ${PATCH_URL}`).map((call) => call.body)).toEqual([{ data: null }]);
      expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible();
      expect(timeLeft()).toEqual({ Days: '6', Hours: '14', Minutes: '00', Seconds: '00' });
    });

    it('changes nothing on Cancel', async () => {
      const { api, user } = await renderCountdown(december(13, 10));
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      pick('Starts', '2026-12-24');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible();
      expect(api.actions().filter((call) => call.method !== 'GET')).toEqual([]);
    });

    it('puts the dates back and says why when the server refuses them', async () => {
      const { user } = await renderCountdown(december(13, 10), {
        patch: { status: 404, body: { message: 'Widget not found' } },
      });
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      pick('Starts', '2026-12-24');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await findToast('Could not save Trip Countdown', 'Widget not found');
      await waitFor(() => expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible());
    });
  });
});
