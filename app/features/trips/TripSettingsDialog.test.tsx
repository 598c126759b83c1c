import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { Trip } from '../../../shared/contracts/trips';
import { TripSettingsDialog } from './TripSettingsDialog';
import { makeTrip } from './tripFixtures';

const bali = makeTrip();

function Harness({ trip, onDeleted }: { trip: Trip; onDeleted: (tripId: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p data-testid="open">{String(open)}</p>
      <TripSettingsDialog open={open} onOpenChange={setOpen} trip={trip} onDeleted={onDeleted} />
    </>
  );
}

function renderDialog(trip: Trip = bali, routes: Record<string, Route> = {}) {
  const api = mockApi(routes);
  const onDeleted = vi.fn();
  renderPage(<Harness trip={trip} onDeleted={onDeleted} />, {
    route: '/dashboard',
    user: makeUser(),
  });
  const dialog = screen.getByRole('dialog', { name: 'Trip settings' });
  const get = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return {
    api,
    onDeleted,
    dialog,
    name: get('Trip name'),
    destination: get('Destination'),
    startDate: get('Start date'),
    endDate: get('End date'),
    // A select for the owner, a read-only text box for a member.
    timeZone: get('Time zone') as HTMLInputElement & HTMLSelectElement,
    button: (name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement,
  };
}

describe('TripSettingsDialog for the owner', () => {
  beforeEach(() => resetToasts());

  it('is filled in with the trip, and Save waits for a change', async () => {
    const { name, destination, startDate, endDate, button } = renderDialog();
    expect([name.value, destination.value, startDate.value, endDate.value]).toEqual([
      'Bali 2023',
      'Bali, Indonesia',
      '2026-12-20',
      '2027-01-03',
    ]);
    expect(button('Save changes').disabled).toBe(true);
    await userEvent.type(name, '!');
    expect(button('Save changes').disabled).toBe(false);
    await userEvent.type(name, '{Backspace}');
    expect(button('Save changes').disabled).toBe(true);
  });

  it('sends only the fields that changed, an emptied destination as none', async () => {
    const saved = makeTrip({ name: 'Bali 2024', destination: null });
    const { api, name, destination, button } = renderDialog(bali, {
      'PATCH /api/trips/t1': { body: saved },
    });
    await userEvent.clear(name);
    await userEvent.type(name, 'Bali 2024 ');
    await userEvent.clear(destination);
    await userEvent.click(button('Save changes'));

    await findToast('Trip updated', 'Bali 2024 has been saved.');
    expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
      { name: 'Bali 2024', destination: null },
    ]);
    expect(screen.getByTestId('open').textContent).toBe('false');
  });

  it('lets everyone choose on the shortlists at the switch, saved at once', async () => {
    const { api, dialog } = renderDialog(bali, {
      'PATCH /api/trips/t1': { body: makeTrip({ anyoneChooses: true }) },
    });
    const toggle = within(dialog).getByRole('switch', { name: 'Anyone can mark an option chosen' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    await vi.waitFor(() =>
      expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
        { anyoneChooses: true },
      ]),
    );
    // The dialog stays open: the switch is not the form's Save.
    expect(screen.getByTestId('open').textContent).toBe('true');
  });

  it('sends a single changed date alone', async () => {
    const { api, endDate, button } = renderDialog(bali, {
      'PATCH /api/trips/t1': { body: makeTrip({ endDate: '2027-01-10' }) },
    });
    fireEvent.change(endDate, { target: { value: '2027-01-10' } });
    await userEvent.click(button('Save changes'));
    await findToast('Trip updated');
    expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
      { endDate: '2027-01-10' },
    ]);
  });

  it("shows the trip's time zone with its offset, and sends a zone chosen alone", async () => {
    const { api, timeZone, button } = renderDialog(bali, {
      'PATCH /api/trips/t1': { body: makeTrip({ timeZone: 'Europe/Lisbon' }) },
    });
    expect(timeZone.value).toBe('Asia/Makassar');
    // Bali keeps UTC+8 all year: its label does not depend on the day the test runs.
    expect(timeZone.selectedOptions[0]?.textContent).toBe('Asia/Makassar (UTC+08:00)');
    expect(
      within(timeZone)
        .getByRole('option', { name: /^Europe\/Lisbon \(UTC\+0[01]:00\)$/ })
        .getAttribute('value'),
    ).toBe('Europe/Lisbon');
    await userEvent.selectOptions(timeZone, 'Europe/Lisbon');
    await userEvent.click(button('Save changes'));
    await findToast('Trip updated');
    expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
      { timeZone: 'Europe/Lisbon' },
    ]);
  });

  it('leaves the zone out of a new destination, so the trip can follow it; Not set sends none', async () => {
    const { api, destination, timeZone, button } = renderDialog(bali, {
      'PATCH /api/trips/t1': { body: makeTrip({ destination: 'Lisbon', timeZone: null }) },
    });
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Lisbon');
    await userEvent.selectOptions(timeZone, '');
    expect(timeZone.selectedOptions[0]?.textContent).toBe('Not set');
    await userEvent.click(button('Save changes'));
    await findToast('Trip updated');
    expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
      { destination: 'Lisbon', timeZone: null },
    ]);
  });

  it('sends a new destination without a zone when the zone is untouched', async () => {
    const { api, destination, button } = renderDialog(bali, {
      'PATCH /api/trips/t1': { body: makeTrip({ destination: 'Lisbon' }) },
    });
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Lisbon');
    await userEvent.click(button('Save changes'));
    await findToast('Trip updated');
    expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
      { destination: 'Lisbon' },
    ]);
  });

  it('shows the rules by field, and the server’s refusal, without closing', async () => {
    const { api, dialog, name, endDate, button } = renderDialog(bali, {
      'PATCH /api/trips/t1': {
        status: 403,
        body: { message: 'Only the trip owner can do that' },
      },
    });
    await userEvent.clear(name);
    fireEvent.change(endDate, { target: { value: '2026-12-01' } });
    await userEvent.click(button('Save changes'));
    expect(within(dialog).getByText('Please give the trip a name')).toBeVisible();
    expect(
      within(dialog).getByText('The trip must end on or after the day it starts'),
    ).toBeVisible();
    expect(document.activeElement).toBe(name);
    expect(api.actions()).toEqual([]);

    await userEvent.type(name, 'Bali again');
    fireEvent.change(endDate, { target: { value: '2027-01-03' } });
    await userEvent.click(button('Save changes'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only the trip owner can do that',
    );
    expect(api.callsTo('PATCH /api/trips/t1').map((call) => call.body)).toEqual([
      { name: 'Bali again' },
    ]);
    expect(screen.getByTestId('open').textContent).toBe('true');
  });

  it('deletes the trip only after a confirmation that names it', async () => {
    const { api, dialog, onDeleted, name, button } = renderDialog(bali, {
      'DELETE /api/trips/t1': { body: { success: true } },
    });
    await userEvent.type(name, ' (draft)');
    await userEvent.click(button('Delete trip…'));
    expect(within(dialog).getByRole('heading', { name: 'Delete Bali 2023?' })).toBeVisible();
    expect(document.activeElement).toBe(button('Keep trip'));
    expect(api.actions()).toEqual([]);

    // Keeping the trip goes back to the settings, edits intact.
    await userEvent.click(button('Keep trip'));
    expect((within(dialog).getByLabelText('Trip name') as HTMLInputElement).value).toBe(
      'Bali 2023 (draft)',
    );
    expect(document.activeElement).toBe(button('Delete trip…'));
    expect(api.actions()).toEqual([]);

    await userEvent.click(button('Delete trip…'));
    await userEvent.click(button('Delete trip'));
    await findToast('Trip deleted', 'Bali 2023 has been deleted.');
    expect(api.actions()).toEqual([{ method: 'DELETE', url: '/api/trips/t1', body: undefined }]);
    expect(onDeleted).toHaveBeenCalledWith('t1');
    expect(screen.getByTestId('open').textContent).toBe('false');
  });

  it('keeps the confirmation open with the reason when the delete fails', async () => {
    const { dialog, onDeleted, button } = renderDialog(bali, {
      'DELETE /api/trips/t1': { status: 500, body: { message: 'Database is down' } },
    });
    await userEvent.click(button('Delete trip…'));
    await userEvent.click(button('Delete trip'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Database is down');
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByTestId('open').textContent).toBe('true');
  });
});

describe('TripSettingsDialog for a member', () => {
  it('shows the settings read-only, says why, and offers no way to change them', async () => {
    const kyoto = makeTrip({ id: 't3', name: 'Kyoto', destination: null, role: 'member' });
    const { api, dialog, name, destination, startDate, endDate, timeZone } = renderDialog(kyoto);
    expect(
      within(dialog).getByText('Only the trip owner can change these settings.'),
    ).toBeVisible();
    expect([name, destination, startDate, endDate].map((input) => input.readOnly)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(name.value).toBe('Kyoto');
    expect(destination.placeholder).toBe('Not set');
    expect(timeZone.readOnly).toBe(true);
    expect(timeZone.value).toBe('Asia/Makassar (UTC+08:00)');
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent || button.getAttribute('aria-label'));
    expect(buttons).toEqual(['Leave trip…', 'Close', 'Close']);
    await userEvent.type(name, 'Osaka');
    expect(name.value).toBe('Kyoto');
    expect(api.actions()).toEqual([]);
  });
});
