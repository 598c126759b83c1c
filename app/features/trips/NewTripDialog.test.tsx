import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { Trip } from '../../../shared/contracts/trips';
import { NewTripDialog } from './NewTripDialog';
import { makeTrip } from './tripFixtures';

const PLAN_LIMIT =
  'Your Free plan allows 1 active trip. Delete a trip you no longer need, or upgrade your plan, to plan another.';

function Harness({ onCreated }: { onCreated: (trip: Trip) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p data-testid="open">{String(open)}</p>
      <NewTripDialog open={open} onOpenChange={setOpen} onCreated={onCreated} />
    </>
  );
}

function renderDialog(routes: Record<string, Route> = {}) {
  const api = mockApi(routes);
  const onCreated = vi.fn();
  renderPage(<Harness onCreated={onCreated} />, { route: '/dashboard', user: makeUser() });
  const dialog = screen.getByRole('dialog', { name: 'New trip' });
  const get = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return {
    api,
    onCreated,
    dialog,
    name: get('Trip name'),
    destination: get('Destination'),
    startDate: get('Start date'),
    endDate: get('End date'),
    submit: () => userEvent.click(within(dialog).getByRole('button', { name: 'Create trip' })),
  };
}

describe('NewTripDialog', () => {
  beforeEach(() => resetToasts());

  it('starts 30 days from today and lasts 14 days, in the local calendar', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 25, 23, 30)); // late on Dec 25, local time
    const { name, destination, startDate, endDate } = renderDialog();
    expect(name.value).toBe('');
    expect(destination.value).toBe('');
    expect(startDate.value).toBe('2027-01-24');
    expect(endDate.value).toBe('2027-02-07');
    expect(startDate.type).toBe('date');
    expect(document.activeElement).toBe(name);
  });

  it('shows the shared rules by field and sends nothing while they fail', async () => {
    const { api, dialog, name, startDate, endDate, submit } = renderDialog();
    fireEvent.change(startDate, { target: { value: '2027-05-10' } });
    fireEvent.change(endDate, { target: { value: '2027-05-01' } });
    await submit();

    expect(within(dialog).getByText('Please give the trip a name')).toBeVisible();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(`${name.id}-error`);
    expect(document.activeElement).toBe(name);
    const endError = within(dialog).getByText('The trip must end on or after the day it starts');
    expect(endDate.getAttribute('aria-describedby')).toContain(endError.id);
    expect(startDate.getAttribute('aria-invalid')).toBeNull();
    expect(api.actions()).toEqual([]);

    // Fixing a field clears its message; the other stays until the next try.
    await userEvent.type(name, 'x');
    expect(within(dialog).queryByText('Please give the trip a name')).toBeNull();
    expect(
      within(dialog).getByText('The trip must end on or after the day it starts'),
    ).toBeVisible();

    fireEvent.change(startDate, { target: { value: 'not a date' } });
    fireEvent.change(endDate, { target: { value: '2027-05-12' } });
    await submit();
    expect(within(dialog).getByText('Use a real calendar date, like 2026-12-20')).toBeVisible();
    expect(api.actions()).toEqual([]);
  });

  it('posts the trimmed trip (an empty destination as none), then closes and says so', async () => {
    const lisbon = makeTrip({ id: 't7', name: 'Lisbon', destination: null });
    const { api, onCreated, name, startDate, endDate } = renderDialog({
      'POST /api/trips': { status: 201, body: lisbon },
    });
    await userEvent.type(name, '  Lisbon  ');
    fireEvent.change(startDate, { target: { value: '2027-05-01' } });
    fireEvent.change(endDate, { target: { value: '2027-05-01' } });
    // Enter in a field submits.
    await userEvent.type(name, '{Enter}');

    await findToast('Trip created', 'Lisbon is ready to plan');
    expect(api.callsTo('POST /api/trips').map((call) => call.body)).toEqual([
      { name: 'Lisbon', destination: null, startDate: '2027-05-01', endDate: '2027-05-01' },
    ]);
    expect(onCreated).toHaveBeenCalledWith(lisbon);
    expect(screen.getByTestId('open').textContent).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's plan-limit message in the dialog, word for word, and the way to the plans", async () => {
    const { api, dialog, onCreated, name, destination, submit } = renderDialog({
      'POST /api/trips': { status: 403, body: { code: 'plan_limit', message: PLAN_LIMIT } },
    });
    await userEvent.type(name, 'Rome');
    await userEvent.type(destination, 'Rome, Italy');
    await submit();

    expect((await within(dialog).findByRole('alert')).textContent).toBe(PLAN_LIMIT);
    expect(within(dialog).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(api.callsTo('POST /api/trips')[0]?.body).toMatchObject({
      name: 'Rome',
      destination: 'Rome, Italy',
    });
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByTestId('open').textContent).toBe('true');
    expect(name.value).toBe('Rome');
  });

  it('closes on Escape without sending anything', async () => {
    const { api } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('open').textContent).toBe('false');
    expect(api.actions()).toEqual([]);
  });
});
