import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { deferred, mockApi, type Reply, type Route } from '@/test/api';
import { renderPage } from '@/test/render';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { AddWidgetDialog } from './AddWidgetDialog';
import { Board } from './Board';

const trip = makeTrip({ ownerPlan: 'premium' });
const WIDGETS_URL = '/api/trips/t1/widgets';

/** What the server makes of a POST (spec §4: id `<type><timestamp>`, title `New <type> Widget`). */
function created(type: Widget['type']): Widget {
  return {
    id: `${type}1765620000000`,
    tripId: 't1',
    type,
    position: { top: 100, left: 100 },
    title: `New ${type} Widget`,
    data: null,
  };
}

/** The dashboard's wiring: an empty board whose Add Widget opens the dialog. */
function Dashboard({ on = trip }: { on?: Trip }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Board trip={on} onAddWidget={() => setAdding(true)} />
      <AddWidgetDialog trip={on} open={adding} onOpenChange={setAdding} />
    </>
  );
}

async function openDialog(post: Route, on = trip) {
  const api = mockApi({ [`GET ${WIDGETS_URL}`]: { body: [] }, [`POST ${WIDGETS_URL}`]: post });
  const user = userEvent.setup();
  renderPage(<Dashboard on={on} />, { route: '/dashboard' });
  await user.click(await screen.findByRole('button', { name: 'Add Widget' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Widget' });
  return { api, user, dialog };
}

const entry = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  // The countdown a new widget shows reads the clock; only the clock is faked.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 13, 10, 0, 0));
});

describe('AddWidgetDialog', () => {
  it('lists the spec’s five kinds of widget with their names and descriptions, then issues #21’s, #22’s and #39’s', async () => {
    const { dialog } = await openDialog({ body: created('countdown') });
    const entries = within(dialog)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('button').textContent);
    expect(entries).toEqual([
      'Countdown TimerTrack the time left until your trip',
      'Flight DetailsManage your flight information',
      'Weather WidgetView forecast for your destination',
      'Group To-Do ListCollaborate on travel tasks',
      'Photo CarouselBrowse destination photos',
      // Issue #21.
      'Flight SearchSearch flights together',
      'StaysFind a place to stay together',
      'PollsVote on dates, places, anything',
      // Issue #22, on a trip whose owner is on Premium.
      'WhiteboardSketch plans together',
      // Issue #39.
      'ItineraryPlan the trip day by day',
    ]);
  });

  it('shows the whiteboard on a Free trip with what upgrading gives, and does not offer it', async () => {
    const free = makeTrip({ ownerPlan: 'free' });
    const { api, dialog } = await openDialog({ body: created('whiteboard') }, free);
    const whiteboard = within(dialog).getByText('Whiteboard').closest('li')!;
    expect(within(whiteboard).queryByRole('button')).toBeNull();
    expect(whiteboard.textContent).toContain('Whiteboards come with Premium and Pro.');
    expect(
      within(whiteboard).getByRole('link', { name: 'See the plans' }).getAttribute('href'),
    ).toBe('/plans');
    expect(api.callsTo(`POST ${WIDGETS_URL}`)).toHaveLength(0);
  });

  it('tells a member of a Free trip to ask its owner', async () => {
    const free = makeTrip({ ownerPlan: 'free', role: 'member', ownerId: 'u2' });
    const { dialog } = await openDialog({ body: created('whiteboard') }, free);
    const whiteboard = within(dialog).getByText('Whiteboard').closest('li')!;
    expect(within(whiteboard).queryByRole('link')).toBeNull();
    expect(whiteboard.textContent).toContain("Ask the trip's owner about upgrading.");
  });

  it('adds the chosen widget at top 100, left 100, closes, and puts focus on the new widget', async () => {
    const { api, user, dialog } = await openDialog({ body: created('countdown') });
    await user.click(entry(dialog, 'Countdown Timer'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST ${WIDGETS_URL}`).map((call) => call.body)).toEqual([
      // spec §4's `<type><timestamp>`, chosen here so that sending it again adds one (issue #37).
      { type: 'countdown', position: { top: 100, left: 100 }, id: `countdown${Date.now()}` },
    ]);
    // On the board at once, without reloading it.
    const widget = await screen.findByRole('region', { name: 'New countdown Widget' });
    expect(within(widget).getByText('Days')).toBeVisible();
    expect(api.callsTo(`GET ${WIDGETS_URL}`)).toHaveLength(1);
    // The next step is there: focus is on the new widget's title, not back on Add Widget.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(widget).getByRole('button', { name: 'New countdown Widget' }),
      ),
    );
  });

  it('sends the type of the entry chosen', async () => {
    const { api, user, dialog } = await openDialog({ body: created('photo') });
    await user.click(entry(dialog, 'Photo Carousel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST ${WIDGETS_URL}`).map((call) => call.body)).toEqual([
      { type: 'photo', position: { top: 100, left: 100 }, id: `photo${Date.now()}` },
    ]);
  });

  it('shows which one is being added and takes no second click meanwhile', async () => {
    const reply = deferred<Reply>();
    const { api, user, dialog } = await openDialog(() => reply.promise);
    await user.click(entry(dialog, 'Weather Widget'));

    expect(
      await within(dialog).findByRole('status', { name: 'Adding Weather Widget' }),
    ).toBeVisible();
    for (const item of within(dialog).getAllByRole('listitem')) {
      expect(within(item).getByRole('button').hasAttribute('disabled')).toBe(true);
    }
    await user.click(entry(dialog, 'Group To-Do List'));

    reply.resolve({ body: created('weather') });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A second request, had the click sent one, would have gone out before the first answer.
    expect(api.callsTo(`POST ${WIDGETS_URL}`)).toHaveLength(1);
  });

  it('shows the server’s message when the widget cannot be added, and stays open', async () => {
    const { user, dialog } = await openDialog({
      status: 403,
      body: { message: 'Only members of this trip can change its board' },
    });
    await user.click(entry(dialog, 'Flight Details'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Only members of this trip can change its board');
    expect(screen.getByRole('dialog', { name: 'Add Widget' })).toBe(dialog);
    expect(entry(dialog, 'Flight Details').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('region', { name: /Widget$/, hidden: true })).toBeNull();
  });

  it('says it plainly when the server gives no reason', async () => {
    const { user, dialog } = await openDialog({ status: 502 });
    await user.click(entry(dialog, 'Flight Details'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The widget could not be added. Please try again.',
    );
  });

  it('forgets the error once closed, and adds nothing on Escape', async () => {
    const { api, user, dialog } = await openDialog({
      status: 500,
      body: { message: 'Internal server error' },
    });
    await user.click(entry(dialog, 'Flight Details'));
    await within(dialog).findByRole('alert');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add Widget' }));
    const reopened = await screen.findByRole('dialog', { name: 'Add Widget' });
    expect(within(reopened).queryByRole('alert')).toBeNull();
    expect(api.callsTo(`POST ${WIDGETS_URL}`)).toHaveLength(1);
  });
});
