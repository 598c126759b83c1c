import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { renderPage } from '@/test/render';
import { FLIGHT_MESSAGES, type FlightDto } from '../../../shared/contracts/flights';
import type { TripDto, TripMemberDto } from '../../../shared/contracts/trips';
import { FlightWidget } from './FlightWidget';

const FLIGHTS_URL = '/api/trips/t1/flights';

const trip: TripDto = {
  id: 't1',
  name: 'Bali 2023',
  destination: 'Bali, Indonesia',
  startDate: '2026-12-20',
  endDate: '2027-01-03',
  ownerId: 'u1',
  anyoneChooses: false,
  ownerPlan: 'free',
  role: 'owner',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const members: TripMemberDto[] = [
  { id: 'u1', name: 'Ana Lima', image: null, role: 'owner', isCurrentUser: true },
  { id: 'u2', name: 'Ben Okafor', image: null, role: 'member', isCurrentUser: false },
];

function makeFlight(overrides: Partial<FlightDto> = {}): FlightDto {
  return {
    id: 'f1',
    tripId: 't1',
    flightNumber: 'GA 401',
    departureAirport: 'DPS',
    departureTime: '2026-12-20T08:30:00+08:00',
    arrivalAirport: 'CGK',
    arrivalTime: '2026-12-20T09:15:00+07:00',
    stops: 0,
    durationMinutes: 105,
    duration: '1h 45m',
    traveller: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

const garuda = makeFlight();
const singapore = makeFlight({
  id: 'f2',
  flightNumber: 'SQ 953',
  departureAirport: 'CGK',
  departureTime: '2026-12-21T18:05:00+07:00',
  arrivalAirport: 'SIN',
  arrivalTime: '2026-12-21T20:50:00+08:00',
  stops: 1,
  durationMinutes: 105,
  duration: '1h 45m',
  traveller: { id: 'u2', name: 'Ben Okafor' },
});
const qantas = makeFlight({
  id: 'f3',
  flightNumber: 'QF 42',
  departureAirport: 'SIN',
  departureTime: '2026-12-23T23:50:00+08:00',
  arrivalAirport: 'SYD',
  arrivalTime: '2026-12-24T11:05:00+11:00',
  stops: 2,
  durationMinutes: 495,
  duration: '8h 15m',
});

function renderWidget(
  flights: FlightDto[] | Reply,
  routes: Parameters<typeof mockApi>[0] = {},
  expanded = false,
) {
  const api = mockApi({
    [`GET ${FLIGHTS_URL}`]: Array.isArray(flights) ? { body: flights } : flights,
    'GET /api/trips/t1/members': { body: members },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<FlightWidget trip={trip} expanded={expanded} />, {
    route: '/dashboard',
    user: makeUser(),
  });
  return { api, user };
}

function card(flightNumber: string) {
  return screen.getByRole('article', { name: `Flight ${flightNumber}` });
}

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
}

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add flight' }));
  return screen.findByRole('dialog', { name: 'Add flight' });
}

/** Types into every text field and picks from every select of the flight form. */
async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: Partial<Record<string, string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    const control = field(dialog, label);
    if (control instanceof HTMLSelectElement) {
      await user.selectOptions(control, value!);
    } else {
      await user.clear(control);
      if (value) await user.type(control, value);
    }
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A valid morning flight, as typed into the form. */
const GA_401 = {
  'Flight number': 'GA 401',
  'From airport': 'DPS',
  'Departure time': '08:30',
  'To airport': 'CGK',
  'Arrival time': '11:30',
};

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

  it('adds a flight: POSTs the local times with their offsets and the traveller', async () => {
    // The browser is in Bali (UTC+8): the default offset of both times.
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    const created = makeFlight({ traveller: { id: 'u2', name: 'Ben Okafor' }, stops: 1 });
    const { api, user } = renderWidget([], {
      [`POST ${FLIGHTS_URL}`]: { status: 201, body: created },
    });

    const dialog = await openAddDialog(user);
    expect(field(dialog, 'Departure UTC offset').value).toBe('+08:00');
    expect(field(dialog, 'Arrival UTC offset').value).toBe('+08:00');
    // A new flight starts on the trip's first day.
    expect(field(dialog, 'Departure date').value).toBe('2026-12-20');
    await within(dialog).findByRole('option', { name: 'Ben Okafor' });
    expect(within(dialog).getByRole('option', { name: 'Ana Lima (you)' })).toBeVisible();

    await fillForm(user, dialog, {
      'Flight number': 'ga 401',
      'From airport': 'dps',
      'Departure time': '08:30',
      'To airport': 'cgk',
      'Arrival time': '09:15',
      'Arrival UTC offset': '+07:00',
      Stops: '1',
      Traveller: 'u2',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST ${FLIGHTS_URL}`).map((call) => call.body)).toEqual([
      {
        flightNumber: 'GA 401',
        departureAirport: 'DPS',
        departureTime: '2026-12-20T08:30:00+08:00',
        arrivalAirport: 'CGK',
        arrivalTime: '2026-12-20T09:15:00+07:00',
        stops: 1,
        travellerId: 'u2',
      },
    ]);
    const added = card('GA 401');
    expect(within(added).getByText('Ben Okafor')).toBeVisible();
    expect(within(added).getByText('1 stop')).toBeVisible();
  });

  it("sends null for Everyone's flight, and Enter in a field submits", async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    const { api, user } = renderWidget([], {
      [`POST ${FLIGHTS_URL}`]: { status: 201, body: garuda },
    });

    const dialog = await openAddDialog(user);
    await fillForm(user, dialog, {
      'Flight number': 'GA401',
      'From airport': 'DPS',
      'Departure time': '23:10',
      'To airport': 'CGK',
      'Arrival date': '2026-12-21',
      'Arrival time': '00:20',
    });
    await user.type(field(dialog, 'To airport'), '{Enter}');

    await waitFor(() => expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)[0]!.body).toMatchObject({
      departureTime: '2026-12-20T23:10:00+00:00',
      arrivalTime: '2026-12-21T00:20:00+00:00',
      stops: 0,
      travellerId: null,
    });
  });

  it('shows the shared messages next to the fields and sends nothing for an empty form', async () => {
    const { api, user } = renderWidget([]);
    const dialog = await openAddDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    expect(within(dialog).getByText(FLIGHT_MESSAGES.flightNumber)).toBeVisible();
    expect(within(dialog).getAllByText(FLIGHT_MESSAGES.airport)).toHaveLength(2);
    expect(within(dialog).getByText('Please choose the departure date and time')).toBeVisible();
    const number = field(dialog, 'Flight number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toEqual([]);
  });

  it('stops an arrival before the departure with the shared message and sends nothing', async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    const { api, user } = renderWidget([]);
    const dialog = await openAddDialog(user);

    // 10:00 in Bali is 09:00 in Jakarta: landing at 09:30 Jakarta time is only 30 min later,
    // but landing at 08:45 is before take-off.
    await fillForm(user, dialog, {
      'Flight number': 'GA 401',
      'From airport': 'DPS',
      'Departure time': '10:00',
      'To airport': 'CGK',
      'Arrival time': '08:45',
      'Arrival UTC offset': '+07:00',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    const message = within(dialog).getByText(FLIGHT_MESSAGES.arrivalBeforeDeparture);
    expect(field(dialog, 'Arrival time').getAttribute('aria-describedby')).toBe(message.id);
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it("shows the server's message in the dialog when saving fails", async () => {
    const { user } = renderWidget([], {
      [`POST ${FLIGHTS_URL}`]: { status: 403, body: { message: 'You are not on this trip' } },
    });
    const dialog = await openAddDialog(user);
    await fillForm(user, dialog, GA_401);
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('You are not on this trip');
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('marks the traveller who has left the trip meanwhile (not_a_member) and reloads members', async () => {
    const { api, user } = renderWidget([], {
      [`POST ${FLIGHTS_URL}`]: {
        status: 400,
        body: { message: FLIGHT_MESSAGES.traveller, code: 'not_a_member' },
      },
    });
    const dialog = await openAddDialog(user);
    await within(dialog).findByRole('option', { name: 'Ben Okafor' });
    await fillForm(user, dialog, { ...GA_401, Traveller: 'u2' });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    const message = await within(dialog).findByText(FLIGHT_MESSAGES.traveller);
    expect(field(dialog, 'Traveller').getAttribute('aria-describedby')).toBe(message.id);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/trips/t1/members')).toHaveLength(2));
  });

  it('says so when the flight being edited was deleted meanwhile (not_found)', async () => {
    const { user } = renderWidget([garuda], {
      'PATCH /api/flights/f1': {
        status: 404,
        body: { message: 'No such flight', code: 'not_found' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight GA 401' });
    await fillForm(user, dialog, { Stops: '1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This flight is no longer on the trip: someone may have deleted it.',
    );
    expect(screen.queryByRole('article', { name: 'Flight GA 401' })).toBeNull();
  });

  it('edits a flight: prefills from the stored times exactly and PATCHes what changed', async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    // Kathmandu is UTC+05:45, far from the browser's −05:00: the form must not convert.
    const kathmandu = makeFlight({
      flightNumber: 'QR 647',
      departureAirport: 'KTM',
      departureTime: '2026-12-20T08:30:00+05:45',
      arrivalAirport: 'DOH',
      arrivalTime: '2026-12-20T11:15:00+03:00',
      stops: 1,
      duration: '5h 30m',
      durationMinutes: 330,
      traveller: { id: 'u2', name: 'Ben Okafor' },
    });
    const updated = { ...kathmandu, arrivalTime: '2026-12-20T11:40:00+03:00', traveller: null };
    const { api, user } = renderWidget([kathmandu], {
      'PATCH /api/flights/f1': { body: updated },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit flight QR 647' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight QR 647' });
    await within(dialog).findByRole('option', { name: 'Ben Okafor' });
    expect(
      Object.fromEntries(
        [
          'Flight number',
          'Stops',
          'From airport',
          'Departure date',
          'Departure time',
          'Departure UTC offset',
          'To airport',
          'Arrival date',
          'Arrival time',
          'Arrival UTC offset',
          'Traveller',
        ].map((label) => [label, field(dialog, label).value]),
      ),
    ).toEqual({
      'Flight number': 'QR 647',
      Stops: '1',
      'From airport': 'KTM',
      'Departure date': '2026-12-20',
      'Departure time': '08:30',
      'Departure UTC offset': '+05:45',
      'To airport': 'DOH',
      'Arrival date': '2026-12-20',
      'Arrival time': '11:15',
      'Arrival UTC offset': '+03:00',
      Traveller: 'u2',
    });

    await fillForm(user, dialog, { 'Arrival time': '11:40', Traveller: '' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/flights/f1').map((call) => call.body)).toEqual([
      { arrivalTime: '2026-12-20T11:40:00+03:00', travellerId: null },
    ]);
    expect(within(card('QR 647')).getByText('Dec 20, 11:40')).toBeVisible();
    expect(within(card('QR 647')).getByText('Everyone')).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit flight QR 647' }));
  });

  it('closes an edit with nothing changed without calling the server', async () => {
    const { api, user } = renderWidget([garuda]);
    await user.click(await screen.findByRole('button', { name: 'Edit flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight GA 401' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/flights/f1')).toEqual([]);
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
