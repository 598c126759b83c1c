import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, type Reply } from '@/test/api';
import { card, FLIGHTS_URL, garuda, qantas, renderWidget, singapore } from './flightTestData';

describe('FlightWidget', () => {
  it("lists the flights with each time in its own airport's offset", async () => {
    renderWidget([garuda, singapore, qantas]);

    const first = await screen.findByRole('article', { name: 'Flight GA 401' });
    // Bali is UTC+8 and Jakarta UTC+7: the times read as written, whatever the viewer's zone.
    expect(within(first).getByText('DPS')).toBeVisible();
    expect(within(first).getByText('CGK')).toBeVisible();
    expect(within(first).getByText('Dec 20, 08:30').getAttribute('datetime')).toBe(
      '2026-12-20T08:30:00+08:00',
    );
    expect(within(first).getByText('Dec 20, 09:15')).toBeVisible();
    expect(within(first).getByText('1h 45m')).toBeVisible();
    expect(within(first).getByText('Nonstop')).toBeVisible();
    expect(within(first).getByText('Everyone')).toBeVisible();

    expect(within(card('SQ 953')).getByText('1 stop')).toBeVisible();
    expect(within(card('SQ 953')).getByText('Ben Okafor')).toBeVisible();
    expect(within(card('SQ 953')).getByText('Dec 21, 18:05')).toBeVisible();
    expect(within(card('QF 42')).getByText('2 stops')).toBeVisible();
    expect(within(card('QF 42')).getByText('8h 15m')).toBeVisible();
    expect(within(card('QF 42')).getByText('Dec 24, 11:05')).toBeVisible();

    const list = screen.getByRole('list', { name: 'Flights' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Flight GA 401', 'Flight SQ 953', 'Flight QF 42']);
    expect(screen.getByText('3 flights')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit flight SQ 953' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete flight QF 42' })).toBeVisible();
  });

  it('shows a spinner while loading, then a friendly empty state with Add flight', async () => {
    const pending = deferred<Reply>();
    renderWidget({ body: [] }, { [`GET ${FLIGHTS_URL}`]: () => pending.promise });

    expect(screen.getByRole('status', { name: 'Loading flights' })).toBeVisible();
    pending.resolve({ body: [] });
    expect(await screen.findByText('No flights yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add flight' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Flights' })).toBeNull();
  });

  it('says when the flights could not load, and Retry loads them again', async () => {
    const { api, user } = renderWidget({
      status: 500,
      body: { message: 'Internal server error' },
    });

    expect(await screen.findByText('Could not load the flights')).toBeVisible();
    api.on(`GET ${FLIGHTS_URL}`, { body: [garuda] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('article', { name: 'Flight GA 401' })).toBeVisible();
    expect(api.callsTo(`GET ${FLIGHTS_URL}`)).toHaveLength(2);
  });

  it('deletes a flight only after confirming, then shows the empty state', async () => {
    const { api, user } = renderWidget([garuda], {
      'DELETE /api/flights/f1': { body: { success: true } },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete flight GA 401' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete flight GA 401?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/flights/f1')).toEqual([]);
    expect(card('GA 401')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete flight GA 401' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete flight GA 401?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete flight' }));

    expect(await screen.findByText('No flights yet')).toBeVisible();
    expect(api.callsTo('DELETE /api/flights/f1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The card's button went with the flight: focus lands on Add flight.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add flight' }));
  });

  it('takes a flight deleted meanwhile (not_found) off the list and closes', async () => {
    const { user } = renderWidget([garuda, qantas], {
      'DELETE /api/flights/f1': {
        status: 404,
        body: { message: 'No such flight', code: 'not_found' },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete flight GA 401?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete flight' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('article', { name: 'Flight GA 401' })).toBeNull();
    expect(card('QF 42')).toBeTruthy();
  });

  it('keeps the flight and says why when deleting fails', async () => {
    const { user } = renderWidget([garuda], {
      'DELETE /api/flights/f1': { status: 500, body: '' },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete flight GA 401?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete flight' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Could not delete the flight. Please try again.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card('GA 401')).toBeTruthy();
  });
});
