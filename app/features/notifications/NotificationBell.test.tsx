import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from '@/features/live/useLiveSocket';
import { forgetTripPlace, usePendingPlace } from '@/features/trips/tripPlace';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { NotificationEntry } from '../../../shared/contracts/notifications';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import { NotificationBell } from './NotificationBell';

const BALI = { id: '7d1c7c52-43a4-4d4e-9d0e-0a4c1f1d0b01', name: 'Bali 2023' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function entry(overrides: Partial<NotificationEntry> & Pick<NotificationEntry, 'id'>) {
  return {
    kind: 'mentioned',
    createdAt: minutesAgo(5),
    readAt: null,
    trip: BALI,
    actor: { id: 'u2', name: 'Ben Ode', image: null },
    subjectId: null,
    data: {},
    ...overrides,
  } satisfies NotificationEntry;
}

const MENTION = entry({
  id: '0b6f3c1e-1111-4a4a-8a8a-000000000001',
  subjectId: 'todo-1',
  data: { label: 'Rent scooters', on: 'todo' },
});
const ASSIGNED = entry({
  id: '0b6f3c1e-1111-4a4a-8a8a-000000000002',
  kind: 'assigned',
  createdAt: minutesAgo(120),
  readAt: minutesAgo(60),
  subjectId: 'todo-2',
  data: { label: 'Book the villa' },
});
const REMINDER = entry({
  id: '0b6f3c1e-1111-4a4a-8a8a-000000000003',
  kind: 'tripReminder',
  createdAt: minutesAgo(60 * 24 * 2),
  actor: null,
  data: { days: 7 },
});

/** What the bell asked the trip to open (the dashboard's part shows it). */
function pendingPlace() {
  const { result } = renderHook(() => usePendingPlace(BALI.id));
  return result.current;
}

/** A stand-in for the dashboard's Socket.IO connection: the test says what the server sends. */
function fakeSocket() {
  const handlers = new Map<string, Set<() => void>>();
  const listen = (prefix: string) => ({
    on: (event: string, handler: () => void) => {
      const key = prefix + event;
      if (!handlers.has(key)) handlers.set(key, new Set());
      handlers.get(key)!.add(handler);
    },
    off: (event: string, handler: () => void) => handlers.get(prefix + event)?.delete(handler),
  });
  const socket = { ...listen(''), io: listen('io:') } as unknown as LiveSocket;
  const fire = (key: string) =>
    act(() => {
      for (const handler of handlers.get(key) ?? []) handler();
    });
  return {
    socket,
    /** The server's `notifications:changed`. */
    changed: () => fire('notifications:changed'),
    reconnected: () => fire('io:reconnect'),
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

function renderBell(routes: Record<string, Route>) {
  const api = mockApi(routes);
  const live = fakeSocket();
  const onOpenTrip = vi.fn();
  const view = renderPage(<NotificationBell socket={live.socket} onOpenTrip={onOpenTrip} />, {
    route: '/dashboard',
    user: makeUser(),
  });
  return { api, live, onOpenTrip, ...view };
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });
const badge = () => screen.queryByTestId('notification-badge')?.textContent ?? null;
/** What each entry says to a screen reader (its text without the decoration hidden from it). */
const entryNames = () =>
  within(screen.getByRole('dialog', { name: 'Notifications' }))
    .getAllByTestId('notification-entry')
    .map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    });

afterEach(() => {
  resetToasts();
  forgetTripPlace();
});

describe('NotificationBell', () => {
  it.each([
    [0, 'Notifications', null],
    [1, 'Notifications, 1 unread', '1'],
    [9, 'Notifications, 9 unread', '9'],
    [12, 'Notifications, 12 unread', '9+'],
  ])('with %i unread is named “%s” and shows %s', async (unread, name, shown) => {
    renderBell({ 'GET /api/notifications/unread': { body: { unread } } });
    await bell(name);
    expect(badge()).toBe(shown);
  });

  it('reads the count again when the server says my notifications changed, or on a reconnect', async () => {
    let unread = 1;
    const { live, unmount } = renderBell({
      'GET /api/notifications/unread': () => ({ body: { unread } }),
    });
    await bell('Notifications, 1 unread');

    unread = 4;
    live.changed();
    await bell('Notifications, 4 unread');
    expect(badge()).toBe('4');

    unread = 0;
    live.reconnected();
    await bell('Notifications');
    expect(badge()).toBeNull();

    unmount();
    expect(live.listeners()).toBe(0);
  });

  it('lists the entries newest first in the shared words, unread ones marked', async () => {
    const { api } = renderBell({
      'GET /api/notifications/unread': { body: { unread: 2 } },
      'GET /api/notifications': { body: [MENTION, ASSIGNED, REMINDER] },
    });
    await userEvent.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('Ben Ode mentioned you on “Rent scooters” in Bali 2023');

    expect(entryNames()).toEqual([
      'Unread: Ben Ode mentioned you on “Rent scooters” in Bali 20235 minutes ago',
      'Ben Ode gave you “Book the villa” in Bali 20232 hours ago',
      'Unread: Bali 2023 starts in 7 days2 days ago',
    ]);
    expect(api.callsTo('GET /api/notifications')).toHaveLength(1);
  });

  it('marks an entry read when it is chosen, and opens its trip at what it is about', async () => {
    const { api, onOpenTrip } = renderBell({
      'GET /api/notifications/unread': { body: { unread: 2 } },
      'GET /api/notifications': { body: [MENTION, ASSIGNED, REMINDER] },
      'POST /api/notifications/read': { body: { unread: 1 } },
    });
    await userEvent.click(await bell('Notifications, 2 unread'));
    await userEvent.click(
      await screen.findByRole('button', { name: /^Unread: Ben Ode mentioned you/ }),
    );

    expect(api.callsTo('POST /api/notifications/read').map((call) => call.body)).toEqual([
      { ids: [MENTION.id] },
    ]);
    expect(onOpenTrip).toHaveBeenCalledWith(BALI.id);
    // Issue #38: the thread of the to-do the comment is on.
    expect(pendingPlace()).toEqual({ type: 'todo', id: 'todo-1', comments: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await bell('Notifications, 1 unread');

    // An entry already read opens its trip without asking the server anything.
    await userEvent.click(await bell('Notifications, 1 unread'));
    await userEvent.click(await screen.findByRole('button', { name: /^Ben Ode gave you/ }));
    expect(api.callsTo('POST /api/notifications/read')).toHaveLength(1);
    expect(onOpenTrip).toHaveBeenCalledTimes(2);
    expect(pendingPlace()).toEqual({ type: 'todo', id: 'todo-2' });
  });

  it('marks everything read with Mark all as read', async () => {
    const { api } = renderBell({
      'GET /api/notifications/unread': { body: { unread: 2 } },
      'GET /api/notifications': { body: [MENTION, ASSIGNED, REMINDER] },
      'POST /api/notifications/read': { body: { unread: 0 } },
    });
    await userEvent.click(await bell('Notifications, 2 unread'));
    await screen.findAllByTestId('notification-entry');
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    await userEvent.click(markAll);

    expect(api.callsTo('POST /api/notifications/read').map((call) => call.body)).toEqual([
      { all: true },
    ]);
    await waitFor(() =>
      expect(entryNames().some((name) => name?.startsWith('Unread'))).toBe(false),
    );
    expect(badge()).toBeNull();
    expect((markAll as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when marking read fails, and reads the count again', async () => {
    const { api } = renderBell({
      'GET /api/notifications/unread': { body: { unread: 2 } },
      'GET /api/notifications': { body: [MENTION] },
      'POST /api/notifications/read': {
        status: 503,
        body: { code: 'unavailable', message: 'Tripmates is busy. Try again in a minute.' },
      },
    });
    await userEvent.click(await bell('Notifications, 2 unread'));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await findToast('Could not mark it read', 'Tripmates is busy. Try again in a minute.');
    await waitFor(() => expect(api.callsTo('GET /api/notifications/unread')).toHaveLength(2));
    await bell('Notifications, 2 unread');
  });

  it('says so when marking a chosen entry read fails, though its panel has closed', async () => {
    const { onOpenTrip } = renderBell({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/notifications': { body: [MENTION] },
      'POST /api/notifications/read': {
        status: 503,
        body: { code: 'unavailable', message: 'Tripmates is busy. Try again in a minute.' },
      },
    });
    await userEvent.click(await bell('Notifications, 1 unread'));
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: Ben Ode/ }));
    expect(onOpenTrip).toHaveBeenCalledWith(BALI.id);
    await findToast('Could not mark it read', 'Tripmates is busy. Try again in a minute.');
    await bell('Notifications, 1 unread');
  });

  it('says when there is nothing', async () => {
    renderBell({
      'GET /api/notifications/unread': { body: { unread: 0 } },
      'GET /api/notifications': { body: [] },
    });
    await userEvent.click(await bell('Notifications'));
    expect(await screen.findByText('You’re all caught up')).toBeVisible();
    expect(
      (screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows a failed load with Try again, which reads the list again', async () => {
    let fail = true;
    renderBell({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/notifications': () =>
        fail
          ? { status: 500, body: { code: 'internal', message: 'Something broke on our side.' } }
          : { body: [MENTION] },
    });
    await userEvent.click(await bell('Notifications, 1 unread'));
    expect((await screen.findByRole('alert')).textContent).toBe('Something broke on our side.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: /^Unread: Ben Ode mentioned you/ });
  });

  it('reads older pages with Show more, from the cursor the server gave', async () => {
    const { api } = renderBell({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/notifications': {
        body: [MENTION, ASSIGNED],
        headers: { [PAGE_CURSOR_HEADER]: 'cursor-2', [PAGE_TOTAL_HEADER]: '3' },
      },
      'GET /api/notifications?before=cursor-2': {
        body: [REMINDER],
        headers: { [PAGE_TOTAL_HEADER]: '3' },
      },
    });
    await userEvent.click(await bell('Notifications, 1 unread'));
    expect(await screen.findByText('2 of 3 notifications')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('button', { name: /Bali 2023 starts in 7 days/ });
    expect(entryNames()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.callsTo('GET /api/notifications?before=cursor-2')).toHaveLength(1);
  });

  it('opens and closes from the keyboard, giving focus back to the bell', async () => {
    renderBell({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/notifications': { body: [MENTION] },
    });
    const trigger = await bell('Notifications, 1 unread');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await screen.findAllByTestId('notification-entry');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
