import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLIGHT_MESSAGES } from '../../../shared/contracts/flights';
import { SKIPPED_TIME } from './flightForm';
import {
  card,
  chooseAirport,
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
  it("adds a flight: POSTs each local time with its airport's offset, and the traveller", async () => {
    const created = makeFlight({ traveller: { id: 'u2', name: 'Ben Okafor' }, stops: 1 });
    const { api, user } = renderWidget([], {
      [`POST ${FLIGHTS_URL}`]: { status: 201, body: created },
    });

    const dialog = await openAddDialog(user);
    // A new flight starts on the trip's first day.
    expect(field(dialog, 'Departure date').value).toBe('2026-12-20');
    await within(dialog).findByRole('option', { name: 'Ben Okafor' });
    expect(within(dialog).getByRole('option', { name: 'Ana Lima (you)' })).toBeVisible();

    await fillForm(user, dialog, { 'Flight number': 'ga 401', Stops: '1', Traveller: 'u2' });
    // Found by its city; the zone comes with it (Bali is UTC+8, Jakarta UTC+7).
    await chooseAirport(user, dialog, 'From airport', 'denpa', 'DPS');
    expect(field(dialog, 'From airport').value).toBe('DPS · Denpasar (Bali)');
    await fillForm(user, dialog, { 'Departure time': '08:30', 'To airport': 'CGK' });
    await fillForm(user, dialog, { 'Arrival time': '09:15' });
    expect(within(dialog).getByText('Local time at DPS: UTC+08:00')).toBeVisible();
    expect(within(dialog).getByText('Local time at CGK: UTC+07:00')).toBeVisible();
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
        // Chosen here, so that sending it again adds the flight once (issue #37).
        id: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
      },
    ]);
    const added = card('GA 401');
    expect(within(added).getByText('Ben Okafor')).toBeVisible();
    expect(within(added).getByText('1 stop')).toBeVisible();
  });

  it('chooses an airport with the keyboard; Escape closes its list, not the dialog', async () => {
    const { user } = renderWidget([]);
    const dialog = await openAddDialog(user);
    const from = field(dialog, 'From airport');
    await user.click(from);
    await user.type(from, 'd');
    const list = await within(dialog).findByRole('listbox', { name: 'Airports' });
    expect(from.getAttribute('aria-expanded')).toBe('true');
    await within(list).findByRole('option', { name: /^DOH:/ });

    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add flight' })).toBeVisible();

    await user.keyboard('{ArrowDown}');
    const reopened = await within(dialog).findByRole('listbox', { name: 'Airports' });
    const options = within(reopened).getAllByRole('option');
    expect(from.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(from.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'DPS: Ngurah Rai International Airport, Denpasar (Bali), Indonesia',
      'DOH: Hamad International Airport, Doha, Qatar',
    ]);
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(from.value).toBe('DOH · Doha');
    expect(screen.getByRole('dialog', { name: 'Add flight' })).toBeVisible();
  });

  it("sends null for Everyone's flight, and Enter in a field submits", async () => {
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
    await user.type(field(dialog, 'Arrival time'), '{Enter}');

    await waitFor(() => expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)[0]!.body).toMatchObject({
      departureTime: '2026-12-20T23:10:00+08:00',
      arrivalTime: '2026-12-21T00:20:00+07:00',
      stops: 0,
      travellerId: null,
    });
  });

  it('shows the shared messages next to the fields and sends nothing for an empty form', async () => {
    const { api, user } = renderWidget([]);
    const dialog = await openAddDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    expect(within(dialog).getByText(FLIGHT_MESSAGES.flightNumber)).toBeVisible();
    expect(
      within(dialog).getByText('Please choose the departure airport from the list'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Please choose the arrival airport from the list'),
    ).toBeVisible();
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
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    const message = within(dialog).getByText(FLIGHT_MESSAGES.arrivalBeforeDeparture);
    expect(field(dialog, 'Arrival time').getAttribute('aria-describedby')).toContain(message.id);
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('says so when the clocks skip the local time entered, and sends nothing', async () => {
    const { api, user } = renderWidget([]);
    const dialog = await openAddDialog(user);
    // 2027-03-28: Lisbon's clocks go from 01:00 to 02:00.
    await fillForm(user, dialog, {
      'Flight number': 'TP 1',
      'From airport': 'LIS',
      'Departure date': '2027-03-28',
      'Departure time': '01:30',
      'To airport': 'SIN',
      'Arrival date': '2027-03-29',
      'Arrival time': '08:00',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    expect(within(dialog).getByText(SKIPPED_TIME)).toBeVisible();
    // The skipped time is the one problem: no "arrives before it departs" beside it.
    expect(within(dialog).queryByText(FLIGHT_MESSAGES.arrivalBeforeDeparture)).toBeNull();
    expect(document.activeElement).toBe(field(dialog, 'Departure time'));
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toEqual([]);
  });

  it('asks for the airport from the list when a code is typed but none chosen', async () => {
    const { api, user } = renderWidget([]);
    const dialog = await openAddDialog(user);
    await fillForm(user, dialog, { 'Flight number': 'GA 401', 'Departure time': '08:30' });
    await user.type(field(dialog, 'From airport'), 'Atlantis');
    await user.click(within(dialog).getByRole('button', { name: 'Add flight' }));

    expect(
      within(dialog).getByText('Please choose the departure airport from the list'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('The time is local to the departure airport: choose it first'),
    ).toBeVisible();
    expect(document.activeElement).toBe(field(dialog, 'From airport'));
    expect(api.callsTo(`POST ${FLIGHTS_URL}`)).toEqual([]);
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

  it('edits a flight: prefills the local times as stored and PATCHes what changed', async () => {
    // Kathmandu is UTC+05:45: the form shows and sends the airport's own time, never the viewer's.
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
    // The stored codes are looked up: the boxes name their cities.
    await waitFor(() => expect(field(dialog, 'From airport').value).toBe('KTM · Kathmandu'));
    expect(
      Object.fromEntries(
        [
          'Flight number',
          'Stops',
          'To airport',
          'Departure date',
          'Departure time',
          'Arrival date',
          'Arrival time',
          'Traveller',
        ].map((label) => [label, field(dialog, label).value]),
      ),
    ).toEqual({
      'Flight number': 'QR 647',
      Stops: '1',
      'To airport': 'DOH · Doha',
      'Departure date': '2026-12-20',
      'Departure time': '08:30',
      'Arrival date': '2026-12-20',
      'Arrival time': '11:15',
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

  it("keeps an older flight's time as stored unless it is changed, even with an offset its airport does not use", async () => {
    // Entered when offsets were picked by hand: Bali at +07:00 instead of +08:00.
    const older = makeFlight({ departureTime: '2026-12-20T08:30:00+07:00' });
    const { api, user } = renderWidget([older], {
      'PATCH /api/flights/f1': { body: { ...older, stops: 1 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight GA 401' });
    await waitFor(() => expect(field(dialog, 'From airport').value).toBe('DPS · Denpasar (Bali)'));
    await fillForm(user, dialog, { Stops: '1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/flights/f1').map((call) => call.body)).toEqual([{ stops: 1 }]);
  });

  it("reads a changed time in the airport's zone, or in the stored offset when the list lacks the airport", async () => {
    const unlisted = makeFlight({
      departureAirport: 'XYZ',
      departureTime: '2026-12-20T08:30:00+05:00',
      arrivalAirport: 'DPS',
      arrivalTime: '2026-12-20T14:00:00+08:00',
    });
    const { api, user } = renderWidget([unlisted], {
      'PATCH /api/flights/f1': { body: unlisted },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit flight GA 401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight GA 401' });
    await waitFor(() => expect(field(dialog, 'To airport').value).toBe('DPS · Denpasar (Bali)'));
    expect(field(dialog, 'From airport').value).toBe('XYZ');
    await fillForm(user, dialog, { 'Departure time': '09:00', 'Arrival time': '14:30' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/flights/f1').map((call) => call.body)).toEqual([
      { departureTime: '2026-12-20T09:00:00+05:00', arrivalTime: '2026-12-20T14:30:00+08:00' },
    ]);
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
