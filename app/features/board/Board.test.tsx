import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { type ApiCall, deferred, mockApi, type Reply, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { Widget } from '../../../shared/contracts/board';
import { Board } from './Board';
import type { Size } from './boardGeometry';

/** Sunday Dec 13 2026, 10:00 local time: "now" in the board tests (the trip starts Dec 20). */
const NOW = new Date(2026, 11, 13, 10, 0, 0);

const WIDGETS_URL = '/api/trips/t1/widgets';

function makeWidget(overrides: Partial<Widget> & Pick<Widget, 'id'>): Widget {
  return {
    tripId: 't1',
    type: 'countdown',
    position: { top: 100, left: 100 },
    title: 'Trip Countdown',
    data: null,
    ...overrides,
  };
}

/** The first-visit board (spec §4: five default widgets), two rows of them. */
const countdown = makeWidget({ id: 'countdown1', position: { top: 96, left: 32 } });
const flight = makeWidget({
  id: 'flight1',
  type: 'flight',
  title: 'Flight Details',
  position: { top: 96, left: 340 },
});
const weather = makeWidget({
  id: 'weather1',
  type: 'weather',
  title: 'Weather',
  position: { top: 96, left: 720 },
});
const todo = makeWidget({
  id: 'todo1',
  type: 'todo',
  title: 'Group To-Do List',
  position: { top: 340, left: 32 },
});
const photo = makeWidget({
  id: 'photo1',
  type: 'photo',
  title: 'Destination Photos',
  position: { top: 340, left: 400 },
});

/**
 * What the widgets' own bodies ask for when the board shows them, for a trip to Bali: no tasks,
 * no flights, and the media services (not on the server yet) answering 404.
 */
const widgetBodyRoutes: Record<string, Route> = {
  'GET /api/trips/t1/todos': { body: [] },
  'GET /api/trips/t1/flights': { body: [] },
  'GET /api/trips/t1/members': { body: [] },
  'GET /api/weather?city=Bali%2C+Indonesia&units=metric': { status: 404, body: {} },
  'GET /api/pexels/photos?query=Bali%2C+Indonesia&perPage=8&page=1': { status: 404, body: {} },
};

/** A PATCH answered as the server does: the widget with the changes applied. */
function savedWidget(widget: Widget) {
  return (call: ApiCall) => ({ body: { ...widget, ...(call.body as Partial<Widget>) } });
}

/**
 * happy-dom has no layout: every element measures 0×0, so the board would clamp each widget to
 * its top-left corner. This gives the board `board`'s size and each widget frame its spec width
 * (from the frame's --widget-width) and `frameHeight`, as a browser would.
 */
function giveTheBoardASize(board: Size, frameHeight = 200) {
  const sized = (axis: 'width' | 'height') =>
    function (this: HTMLElement) {
      if (this.dataset.testid === 'board') return board[axis];
      if (this.dataset.widgetId !== undefined) {
        return axis === 'height'
          ? frameHeight
          : Number.parseInt(this.style.getPropertyValue('--widget-width'), 10) || 0;
      }
      return 0;
    };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(sized('width'));
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(sized('height'));
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(sized('width'));
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(sized('height'));
}

/** A phone (spec: widgets stack below 640 px) or, with `false`, anything wider. */
function pretendPhoneWidth(isPhone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: isPhone && query === '(max-width: 639px)',
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const trip = makeTrip();
const BOARD: Size = { width: 1200, height: 800 };
// The API's order is the order the widgets were added, not where they are.
const firstVisitBoard = [photo, todo, weather, countdown, flight];

function renderBoard(widgets: Widget[] | Route = firstVisitBoard) {
  const api = mockApi({
    ...widgetBodyRoutes,
    [`GET ${WIDGETS_URL}`]: Array.isArray(widgets) ? { body: widgets } : widgets,
  });
  const onAddWidget = vi.fn();
  const { queryClient } = renderPage(<Board trip={trip} onAddWidget={onAddWidget} />, {
    route: '/dashboard',
  });
  return { api, queryClient, onAddWidget, user: userEvent.setup() };
}

const region = (title: string) => screen.findByRole('region', { name: title });
const shownIds = () =>
  [...screen.getByTestId('board').querySelectorAll<HTMLElement>('[data-widget-id]')].map(
    (frame) => frame.dataset.widgetId,
  );
const placeOf = (frame: HTMLElement) => ({ top: frame.style.top, left: frame.style.left });

/** Drags a widget by its title, by dx, dy pixels, with a mouse. */
function drag(title: string, dx: number, dy: number) {
  const handle = screen.getByRole('button', { name: title });
  const press = { pointerId: 1, pointerType: 'mouse', button: 0 };
  fireEvent.pointerDown(handle, { ...press, clientX: 400, clientY: 300 });
  fireEvent.pointerMove(handle, { ...press, clientX: 400 + dx / 2, clientY: 300 + dy / 2 });
  fireEvent.pointerMove(handle, { ...press, clientX: 400 + dx, clientY: 300 + dy });
  fireEvent.pointerUp(handle, { ...press, clientX: 400 + dx, clientY: 300 + dy });
}

beforeEach(() => {
  // Only the clock: the countdown shows a fixed time, user events keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  giveTheBoardASize(BOARD);
  pretendPhoneWidth(false);
});

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('Board', () => {
  it('shows the trip’s widgets where they were left, each at its width, with its own body', async () => {
    renderBoard();
    const countdownFrame = await region('Trip Countdown');
    expect(screen.getByTestId('board').dataset.layout).toBe('canvas');
    expect(shownIds()).toEqual(['photo1', 'todo1', 'weather1', 'countdown1', 'flight1']);
    expect(placeOf(countdownFrame)).toEqual({ top: '96px', left: '32px' });
    expect(placeOf(await region('Destination Photos'))).toEqual({ top: '340px', left: '400px' });

    // spec §9: default widths.
    const widths = Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-widget-id]')].map((frame) => [
        frame.dataset.widgetType,
        frame.style.getPropertyValue('--widget-width'),
      ]),
    );
    expect(widths).toEqual({
      countdown: '280px',
      flight: '350px',
      weather: '250px',
      todo: '320px',
      photo: '400px',
    });

    // Each body is the real widget.
    expect(within(countdownFrame).getByText('Days')).toBeVisible();
    expect(
      await within(await region('Group To-Do List')).findByText(
        'No tasks yet. Add your first task below!',
      ),
    ).toBeVisible();
    expect(await within(await region('Flight Details')).findByText('No flights yet')).toBeVisible();
    expect(
      await within(await region('Weather')).findByText('Weather data unavailable'),
    ).toBeVisible();
    expect(
      await within(await region('Destination Photos')).findByText('No photos available'),
    ).toBeVisible();
  });

  it('shows a widget saved far out where it is, on a canvas grown to hold it', async () => {
    renderBoard([
      makeWidget({
        id: 'weather1',
        type: 'weather',
        title: 'Weather',
        position: { top: 2000, left: 3000 },
      }),
    ]);
    // Issue #38: the board is a canvas larger than the window, scrolled to see the rest.
    expect(placeOf(await region('Weather'))).toEqual({ top: '2000px', left: '3000px' });
    const canvas = screen.getByTestId('board').firstElementChild as HTMLElement;
    expect(Number.parseInt(canvas.style.width, 10)).toBeGreaterThan(3000 + 300);
    expect(Number.parseInt(canvas.style.height, 10)).toBeGreaterThan(2000 + 290);
  });

  it('shows a spinner while the board loads', async () => {
    const reply = deferred<Reply>();
    renderBoard(() => reply.promise);
    expect(screen.getByRole('status', { name: 'Loading the board' })).toBeVisible();
    reply.resolve({ body: [countdown] });
    expect(await region('Trip Countdown')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the board' })).toBeNull();
  });

  it('says an empty board is empty and offers Add Widget', async () => {
    const { user, onAddWidget } = renderBoard([]);
    expect(await screen.findByRole('heading', { name: 'Your board is empty' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Widget' }));
    expect(onAddWidget).toHaveBeenCalledOnce();
  });

  it('says when the board cannot be loaded, and loads it on Try again', async () => {
    const { api, user } = renderBoard({ status: 500, body: { message: 'Internal server error' } });
    expect(
      await screen.findByRole('heading', { name: 'The board could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByText('Please check your connection and try again.')).toBeVisible();
    expect(shownIds()).toEqual([]);

    // Issue #17: while the retry runs, the failure stays and its Try again shows it is trying.
    const retry = deferred<Reply>();
    api.on(`GET ${WIDGETS_URL}`, () => retry.promise);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'The board could not be loaded' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-busy')).toBe(
        'true',
      ),
    );
    retry.resolve({ body: [countdown] });
    expect(await region('Trip Countdown')).toBeTruthy();
    expect(screen.queryByText('The board could not be loaded')).toBeNull();
    expect(api.callsTo(`GET ${WIDGETS_URL}`)).toHaveLength(2);
  });

  it('saves a dropped widget’s position (PATCH { position }) and keeps it there', async () => {
    const { api, queryClient } = renderBoard();
    const answer = deferred<Reply>();
    api.on('PATCH /api/widgets/weather1', () => answer.promise);
    const frame = await region('Weather');

    drag('Weather', 100, 150);
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/widgets/weather1').map((call) => call.body)).toEqual([
        { position: { top: 246, left: 820 } },
      ]),
    );
    expect(placeOf(frame)).toEqual({ top: '246px', left: '820px' });
    // Still there once the server has answered.
    await act(async () =>
      answer.resolve(savedWidget(weather)(api.callsTo('PATCH /api/widgets/weather1')[0]!)),
    );
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(placeOf(frame)).toEqual({ top: '246px', left: '820px' });
  });

  // The query cache tells the board of the saved position a tick after the drop: until then the
  // frame keeps showing its preview, so the widget never flicks back for a frame.
  it('draws a dropped widget at its new place at once, never back at the old one', async () => {
    const { api } = renderBoard();
    api.on('PATCH /api/widgets/weather1', savedWidget(weather));
    const frame = await region('Weather');
    drag('Weather', 100, 150);
    expect(placeOf(frame)).toEqual({ top: '246px', left: '820px' });
  });

  it('clamps a drop to the canvas before saving it', async () => {
    const { api } = renderBoard();
    api.on('PATCH /api/widgets/weather1', savedWidget(weather));
    await region('Weather');
    drag('Weather', -5000, -5000);
    // Never above or left of the canvas (it grows right and down, issue #38).
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/widgets/weather1').map((call) => call.body)).toEqual([
        { position: { top: 0, left: 0 } },
      ]),
    );
  });

  it('puts a widget back and says why when the server refuses the move', async () => {
    const { api } = renderBoard();
    api.on('PATCH /api/widgets/weather1', {
      status: 404,
      body: { message: 'Widget not found' },
    });
    const frame = await region('Weather');

    drag('Weather', 100, 150);
    await findToast('Could not save Weather', 'Widget not found');
    await waitFor(() => expect(placeOf(frame)).toEqual({ top: '96px', left: '720px' }));
  });

  it('saves nothing for a click on a header, which only brings the widget to the front', async () => {
    const { api } = renderBoard();
    const weatherFrame = await region('Weather');
    const todoFrame = await region('Group To-Do List');
    expect([weatherFrame.style.zIndex, todoFrame.style.zIndex]).toEqual(['10', '10']);

    drag('Weather', 0, 0);
    expect([weatherFrame.style.zIndex, todoFrame.style.zIndex]).toEqual(['11', '10']);
    fireEvent.pointerDown(within(todoFrame).getByText('No tasks yet. Add your first task below!'));
    expect([weatherFrame.style.zIndex, todoFrame.style.zIndex]).toEqual(['11', '12']);
    // A move the test makes next: once its save is sent, any the clicks sent would have been.
    api.on('PATCH /api/widgets/todo1', savedWidget(todo));
    drag('Group To-Do List', 10, 10);
    await waitFor(() => expect(api.callsTo('PATCH /api/widgets/todo1')).toHaveLength(1));
    expect(api.actions().filter((call) => call.method !== 'GET')).toEqual([
      { method: 'PATCH', url: '/api/widgets/todo1', body: { position: { top: 350, left: 42 } } },
    ]);
  });

  it('renames a widget (PATCH { title })', async () => {
    const { api, user } = renderBoard();
    api.on('PATCH /api/widgets/todo1', savedWidget(todo));
    await user.dblClick(await screen.findByRole('button', { name: 'Group To-Do List' }));
    const field = screen.getByRole('textbox', { name: 'Widget title' });
    await user.clear(field);
    await user.type(field, 'Bali to-dos{Enter}');
    expect(await region('Bali to-dos')).toBeTruthy();
    expect(api.callsTo('PATCH /api/widgets/todo1').map((call) => call.body)).toEqual([
      { title: 'Bali to-dos' },
    ]);
  });

  it('removes a widget (DELETE)', async () => {
    const { api, user } = renderBoard();
    api.on('DELETE /api/widgets/weather1', { body: { success: true } });
    await user.click(await screen.findByRole('button', { name: 'Remove Weather' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Weather' })).toBeNull());
    expect(api.callsTo('DELETE /api/widgets/weather1')).toHaveLength(1);
    expect(shownIds()).toEqual(['photo1', 'todo1', 'countdown1', 'flight1']);
  });

  // Issue #17: removing is for everyone, so it can be taken back.
  it('offers Undo after a removal, which adds the same widget again', async () => {
    const removedWeather = { ...weather, title: 'Weather in Ubud', data: { city: 'Ubud' } };
    const { api, user } = renderBoard([
      ...firstVisitBoard.filter((w) => w.id !== 'weather1'),
      removedWeather,
    ]);
    api.on('DELETE /api/widgets/weather1', { body: { success: true } });
    api.on(`POST ${WIDGETS_URL}`, (call) => ({
      status: 201,
      body: { ...removedWeather, ...(call.body as object), id: 'weather2' },
    }));
    await user.click(await screen.findByRole('button', { name: 'Remove Weather in Ubud' }));
    const notice = await findToast('Weather in Ubud removed', 'gone for everyone on this trip');
    expect(screen.queryByRole('region', { name: 'Weather in Ubud' })).toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await region('Weather in Ubud')).toBeTruthy();
    expect(api.callsTo(`POST ${WIDGETS_URL}`)[0]!.body).toEqual({
      type: 'weather',
      title: 'Weather in Ubud',
      position: weather.position,
      data: { city: 'Ubud' },
      // A new widget, under an id chosen here (spec §4's form, issue #37).
      id: expect.stringMatching(/^weather\d+$/),
    });
  });

  it('brings a widget back and says why when the server refuses to remove it', async () => {
    const { api, user } = renderBoard();
    api.on('DELETE /api/widgets/weather1', {
      status: 500,
      body: { message: 'Internal server error' },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Weather' }));
    await findToast('Could not remove Weather', 'Internal server error');
    expect(await region('Weather')).toBeTruthy();
  });

  it('expands one widget at a time and collapses it on Escape', async () => {
    const { user } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Expand Weather' }));
    expect((await region('Weather')).dataset.expanded).toBe('true');
    expect(screen.getAllByTestId('widget-backdrop')).toHaveLength(1);

    // Another one expanded (from the keyboard, say) takes the place of the first.
    await user.click(screen.getByRole('button', { name: 'Expand Trip Countdown' }));
    expect((await region('Trip Countdown')).dataset.expanded).toBe('true');
    expect((await region('Weather')).dataset.expanded).toBeUndefined();
    expect(screen.getAllByTestId('widget-backdrop')).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect((await region('Trip Countdown')).dataset.expanded).toBeUndefined();
    expect(screen.queryByTestId('widget-backdrop')).toBeNull();
  });

  it('opens the itinerary at the trip’s plan address, and its Expand and Collapse follow it', async () => {
    const plan = makeWidget({
      id: 'itinerary1',
      type: 'itinerary',
      title: 'Itinerary',
      position: { top: 96, left: 1040 },
    });
    mockApi({
      ...widgetBodyRoutes,
      [`GET ${WIDGETS_URL}`]: { body: [...firstVisitBoard, plan] },
      'GET /api/trips/t1/itinerary': { body: [] },
    });
    renderPage(<Board trip={trip} onAddWidget={vi.fn()} />, {
      route: '/trips/t1/plan',
      path: ['/trips/:tripId', '/trips/:tripId/:panel'],
    });
    const user = userEvent.setup();
    // Issue #39: the address opens it, over the whole screen below the top bar.
    await waitFor(async () => expect((await region('Itinerary')).dataset.expanded).toBe('true'));
    expect((await region('Itinerary')).className).toContain('right-2');

    await user.keyboard('{Escape}');
    await waitFor(async () => expect((await region('Itinerary')).dataset.expanded).toBeUndefined());
    await user.click(screen.getByRole('button', { name: 'Expand Itinerary' }));
    await waitFor(async () => expect((await region('Itinerary')).dataset.expanded).toBe('true'));
    // The others still open in place, 80 % of the screen.
    await user.click(screen.getByRole('button', { name: 'Collapse Itinerary' }));
    await user.click(await screen.findByRole('button', { name: 'Expand Weather' }));
    expect((await region('Weather')).dataset.expanded).toBe('true');
    expect((await region('Itinerary')).dataset.expanded).toBeUndefined();
  });

  it('shows the board, and why, at the plan address of a board without an itinerary', async () => {
    mockApi({ ...widgetBodyRoutes, [`GET ${WIDGETS_URL}`]: { body: firstVisitBoard } });
    renderPage(<Board trip={trip} onAddWidget={vi.fn()} />, {
      route: '/trips/t1/plan',
      path: ['/trips/:tripId', '/trips/:tripId/:panel'],
    });
    await findToast('This board has no Itinerary', 'Add it with Add Widget');
    expect(screen.queryByTestId('widget-backdrop')).toBeNull();
  });

  it('stacks the widgets in reading order on a phone, without dragging', async () => {
    pretendPhoneWidth(true);
    const { api } = renderBoard();
    const frame = await region('Weather');
    expect(screen.getByTestId('board').dataset.layout).toBe('stack');
    expect(shownIds()).toEqual(['countdown1', 'flight1', 'weather1', 'todo1', 'photo1']);
    expect(placeOf(frame)).toEqual({ top: '', left: '' });

    drag('Weather', 100, 150);
    // A removal the test makes next: once it is sent, any save the drag sent would have been.
    api.on('DELETE /api/widgets/photo1', { body: { success: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Destination Photos' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/widgets/photo1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/widgets/weather1')).toEqual([]);
  });
});
