import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { ITINERARY_MESSAGES, type ItineraryItem } from '../../../shared/contracts/itinerary';
import { itemUrl, MEMBERS_URL, makeItem, members, PLAN_URL, trip } from './itineraryTestData';
import { PlanItemDialog } from './PlanItemDialog';
import { CHOOSE_GOERS } from './planItemForm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderDialog(item: ItineraryItem | null = null, plan: ItineraryItem[] = []) {
  const api = mockApi({
    [`GET ${PLAN_URL}`]: { body: plan },
    [`GET ${MEMBERS_URL}`]: { body: members },
    [`POST ${PLAN_URL}`]: (call) => ({
      status: 201,
      body: makeItem({ ...(call.body as object), id: (call.body as { id: string }).id }),
    }),
  });
  const onOpenChange = vi.fn();
  renderPage(
    <PlanItemDialog
      trip={trip}
      item={item}
      start={{ day: '2027-01-13', currency: 'EUR' }}
      open
      onOpenChange={onOpenChange}
    />,
    { route: '/trips/t1' },
  );
  const dialog = screen.getByRole('dialog');
  return {
    api,
    onOpenChange,
    dialog,
    user: userEvent.setup(),
    field: (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement,
    submit: () =>
      within(dialog).getByRole('button', { name: item ? 'Save changes' : 'Add to the plan' }),
  };
}

/** The message a field points at with aria-describedby. */
function messageOf(field: HTMLElement) {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('PlanItemDialog', () => {
  it('adds an item on the day it was opened for, with everything the form holds', async () => {
    const { api, onOpenChange, dialog, user, field, submit } = renderDialog();
    expect(document.activeElement).toBe(field('Title'));
    expect((field('Day') as unknown as HTMLSelectElement).value).toBe('2027-01-13');

    await user.type(field('Title'), 'Boat to Nusa Penida');
    await user.selectOptions(field('Kind') as unknown as HTMLSelectElement, 'Transport');
    fireEvent.change(field('Starts (optional)'), { target: { value: '09:00' } });
    fireEvent.change(field('Ends (optional)'), { target: { value: '12:30' } });
    await user.type(field('Place (optional)'), 'Sanur harbour');
    await user.type(field('Link (optional)'), 'https://example.com/boat');
    await user.type(field('Amount'), '45.5');
    await user.click(within(dialog).getByRole('radio', { name: 'Some of us' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Ben Okafor' }));
    await user.type(field('Notes (optional)'), 'Bring cash');
    await user.click(submit());

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.callsTo(`POST ${PLAN_URL}`).map((call) => call.body)).toEqual([
      {
        id: expect.stringMatching(UUID),
        title: 'Boat to Nusa Penida',
        kind: 'transport',
        day: '2027-01-13',
        startTime: '09:00',
        endTime: '12:30',
        place: { name: 'Sanur harbour' },
        link: 'https://example.com/boat',
        notes: 'Bring cash',
        // The currency of the last estimate, already filled in.
        cost: { amount: 45.5, currency: 'EUR' },
        goers: ['u2'],
      },
    ]);
  });

  it('makes an idea with the title alone', async () => {
    const { api, user, field, submit } = renderDialog();
    await user.type(field('Title'), 'Uluwatu temple');
    await user.selectOptions(field('Day') as unknown as HTMLSelectElement, 'Ideas (no day yet)');
    await user.click(submit());
    await waitFor(() => expect(api.callsTo(`POST ${PLAN_URL}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${PLAN_URL}`)[0]?.body).toMatchObject({
      title: 'Uluwatu temple',
      day: null,
      startTime: null,
      place: null,
      link: null,
      cost: null,
      goers: null,
    });
  });

  it('says what is wrong next to each field, with the contract’s words, and sends nothing', async () => {
    const { api, dialog, user, field, submit } = renderDialog();
    await user.click(submit());
    expect(messageOf(field('Title'))).toBe(ITINERARY_MESSAGES.missingTitle);
    expect(document.activeElement).toBe(field('Title'));

    await user.type(field('Title'), 'Dinner');
    fireEvent.change(field('Starts (optional)'), { target: { value: '20:00' } });
    fireEvent.change(field('Ends (optional)'), { target: { value: '19:00' } });
    await user.type(field('Link (optional)'), 'ftp://example.com');
    await user.type(field('Amount'), '30');
    await user.clear(field('Currency'));
    await user.click(within(dialog).getByRole('radio', { name: 'Some of us' }));
    await within(dialog).findByRole('checkbox', { name: 'Ben Okafor' });
    await user.click(submit());

    await waitFor(() =>
      expect(messageOf(field('Ends (optional)'))).toBe(ITINERARY_MESSAGES.endBeforeStart),
    );
    expect(messageOf(field('Title'))).toBeUndefined();
    expect(messageOf(field('Link (optional)'))).toBe(ITINERARY_MESSAGES.link);
    expect(messageOf(field('Currency'))).toBe(ITINERARY_MESSAGES.currency);
    expect(messageOf(within(dialog).getByRole('checkbox', { name: 'Ben Okafor' }))).toBe(
      CHOOSE_GOERS,
    );
    // Focus goes to the first field with a problem, in the form's order.
    expect(document.activeElement).toBe(field('Ends (optional)'));
    expect(api.callsTo(`POST ${PLAN_URL}`)).toEqual([]);
  });

  it('edits an item: sends only what changed, and shows the server’s refusal', async () => {
    const boat = makeItem({
      id: 'boat',
      title: 'Boat',
      day: '2027-01-12',
      place: { name: 'Sanur', address: 'Jl. Hang Tuah', lat: -8.67, lon: 115.26 },
      goers: [{ id: 'u2', name: 'Ben Okafor' }],
    });
    const { api, onOpenChange, dialog, user, field, submit } = renderDialog(boat, [boat]);
    expect(field('Title').value).toBe('Boat');
    expect(await within(dialog).findByRole('checkbox', { name: 'Ben Okafor' })).toBeChecked();
    api.on(`PATCH ${itemUrl('boat')}`, {
      status: 400,
      body: { message: 'Everyone who goes must be a member of this trip', code: 'not_a_member' },
    });

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Fast boat');
    await user.click(within(dialog).getByRole('radio', { name: 'Everyone' }));
    await user.click(submit());

    await waitFor(() => expect(api.callsTo(`PATCH ${itemUrl('boat')}`)).toHaveLength(1));
    // The place, untouched, keeps its address and coordinates: it is not sent.
    expect(api.callsTo(`PATCH ${itemUrl('boat')}`)[0]?.body).toEqual({
      title: 'Fast boat',
      goers: null,
    });
    expect(
      await within(dialog).findByText('Everyone who goes must be a member of this trip'),
    ).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();

    api.on(`PATCH ${itemUrl('boat')}`, { body: { ...boat, title: 'Fast boat', goers: null } });
    await user.click(submit());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
