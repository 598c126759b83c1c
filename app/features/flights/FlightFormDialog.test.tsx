import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLIGHT_MESSAGES } from '../../../shared/contracts/flights';
import {
  card,
  FLIGHTS_URL,
  field,
  fillForm,
  GA_401,
  garuda,
  makeFlight,
  openAddDialog,
  renderWidget,
} from './flightTestData';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FlightFormDialog (in the flight widget)', () => {
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

  it('puts focus on the first field with a problem, in the order they are laid out', async () => {
    const { api, user } = renderWidget([]);
    const dialog = await openAddDialog(user);
    await fillForm(user, dialog, { 'Flight number': 'GA 401', 'From airport': 'DPS' });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    // The departure's day is there (the trip's first): its time of day is what is missing.
    expect(within(dialog).getByText('Please choose the departure date and time')).toBeVisible();
    expect(document.activeElement).toBe(field(dialog, 'Departure time'));

    await fillForm(user, dialog, { 'Departure date': '', 'Departure time': '08:30' });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));
    expect(document.activeElement).toBe(field(dialog, 'Departure date'));
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toEqual([]);
  });

  it("moves a new flight's arrival day with its departure day, until it is set apart", async () => {
    const { user } = renderWidget([]);
    const dialog = await openAddDialog(user);
    fireEvent.change(field(dialog, 'Departure date'), { target: { value: '2026-12-22' } });
    expect(field(dialog, 'Arrival date').value).toBe('2026-12-22');

    fireEvent.change(field(dialog, 'Arrival date'), { target: { value: '2026-12-23' } });
    fireEvent.change(field(dialog, 'Departure date'), { target: { value: '2026-12-21' } });
    expect(field(dialog, 'Arrival date').value).toBe('2026-12-23');
  });

  it("keeps an edited flight's arrival day when its departure day changes", async () => {
    const { user } = renderWidget([garuda]);
    await user.click(await screen.findByRole('button', { name: 'Edit flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight GA 401' });
    fireEvent.change(field(dialog, 'Departure date'), { target: { value: '2026-12-19' } });
    expect(field(dialog, 'Arrival date').value).toBe('2026-12-20');
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
});
