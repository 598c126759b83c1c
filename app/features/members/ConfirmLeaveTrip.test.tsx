import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TripSettingsDialog } from '@/features/trips/TripSettingsDialog';
import { makeTrip } from '@/features/trips/tripFixtures';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';

// Leaving is a step of the trip settings dialog for members (the owner deletes instead).
const kyoto = makeTrip({ id: 't3', name: 'Kyoto', role: 'member', ownerId: 'u9' });

function renderSettings(routes: Record<string, Route> = {}) {
  const api = mockApi(routes);
  const onDeleted = vi.fn();
  const onOpenChange = vi.fn();
  renderPage(
    <TripSettingsDialog open onOpenChange={onOpenChange} trip={kyoto} onDeleted={onDeleted} />,
    { route: '/dashboard', user: makeUser() },
  );
  return { api, onDeleted, onOpenChange };
}

describe('Leaving a trip', () => {
  beforeEach(() => resetToasts());

  it('asks first; Stay goes back with nothing sent', async () => {
    const { api } = renderSettings();
    const leave = screen.getByRole('button', { name: 'Leave trip…' });
    await userEvent.click(leave);
    const dialog = screen.getByRole('dialog', { name: 'Leave Kyoto?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Stay' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('dialog', { name: 'Trip settings' })).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave trip…' }));
    expect(api.actions()).toEqual([]);
  });

  it('leaves, says so, closes and hands over to the next trip', async () => {
    const { api, onDeleted, onOpenChange } = renderSettings({
      'POST /api/trips/t3/leave': { body: { success: true } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Leave trip…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave trip' }));

    await findToast('You left the trip', 'You are no longer on Kyoto.');
    expect(api.callsTo('POST /api/trips/t3/leave')).toHaveLength(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onDeleted).toHaveBeenCalledWith('t3');
  });

  it("shows the server's refusal and stays", async () => {
    const { onDeleted } = renderSettings({
      'POST /api/trips/t3/leave': {
        status: 400,
        body: { message: 'You own this trip: delete it instead, or hand it over first.' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Leave trip…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave trip' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You own this trip: delete it instead, or hand it over first.',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
