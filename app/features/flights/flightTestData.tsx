import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, mockApi, type Reply } from '@/test/api';
import { renderPage } from '@/test/render';
import type { FlightDto } from '../../../shared/contracts/flights';
import type { TripDto, TripMemberDto } from '../../../shared/contracts/trips';
import { makeTrip } from '../trips/tripFixtures';
import { FlightWidget } from './FlightWidget';

/* The flight widget's tests' trip, members, flights and the helpers that drive the widget. */

export const FLIGHTS_URL = '/api/trips/t1/flights';

export const trip: TripDto = makeTrip({ createdAt: '2026-11-01T10:00:00.000Z' });

export const members: TripMemberDto[] = [
  { id: 'u1', name: 'Ana Lima', image: null, role: 'owner', isCurrentUser: true },
  { id: 'u2', name: 'Ben Okafor', image: null, role: 'member', isCurrentUser: false },
];

export function makeFlight(overrides: Partial<FlightDto> = {}): FlightDto {
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

export const garuda = makeFlight();
export const singapore = makeFlight({
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
export const qantas = makeFlight({
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

export function renderWidget(
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

export function card(flightNumber: string) {
  return screen.getByRole('article', { name: `Flight ${flightNumber}` });
}

export function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
}

export async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add flight' }));
  return screen.findByRole('dialog', { name: 'Add flight' });
}

/** Types into every text field and picks from every select of the flight form. */
export async function fillForm(
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

/** A valid morning flight, as typed into the form. */
export const GA_401 = {
  'Flight number': 'GA 401',
  'From airport': 'DPS',
  'Departure time': '08:30',
  'To airport': 'CGK',
  'Arrival time': '11:30',
};
