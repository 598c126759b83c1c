import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, mockApi, type Reply } from '@/test/api';
import { renderPage } from '@/test/render';
import type { Airport } from '../../../shared/contracts/airports';
import type { Flight } from '../../../shared/contracts/flights';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { makeTrip } from '../trips/tripFixtures';
import { FlightWidget } from './FlightWidget';

/* The flight widget's tests' trip, members, flights and the helpers that drive the widget. */

export const FLIGHTS_URL = '/api/trips/t1/flights';

export const trip: Trip = makeTrip({ createdAt: '2026-11-01T10:00:00.000Z' });

export const members: TripMember[] = [
  { id: 'u1', name: 'Ana Lima', image: null, role: 'owner', isCurrentUser: true },
  { id: 'u2', name: 'Ben Okafor', image: null, role: 'member', isCurrentUser: false },
];

export function makeFlight(overrides: Partial<Flight> = {}): Flight {
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

/** The airports the stubbed `GET /api/airports` knows, with their zones. */
export const AIRPORTS: Airport[] = [
  {
    code: 'DPS',
    name: 'Ngurah Rai International Airport',
    city: 'Denpasar (Bali)',
    country: 'Indonesia',
    timeZone: 'Asia/Makassar',
  },
  {
    code: 'CGK',
    name: 'Soekarno-Hatta International Airport',
    city: 'Jakarta',
    country: 'Indonesia',
    timeZone: 'Asia/Jakarta',
  },
  {
    code: 'SIN',
    name: 'Singapore Changi Airport',
    city: 'Singapore',
    country: 'Singapore',
    timeZone: 'Asia/Singapore',
  },
  {
    code: 'KTM',
    name: 'Tribhuvan International Airport',
    city: 'Kathmandu',
    country: 'Nepal',
    timeZone: 'Asia/Kathmandu',
  },
  {
    code: 'DOH',
    name: 'Hamad International Airport',
    city: 'Doha',
    country: 'Qatar',
    timeZone: 'Asia/Qatar',
  },
  {
    code: 'LIS',
    name: 'Lisbon Portela Airport',
    city: 'Lisbon',
    country: 'Portugal',
    timeZone: 'Europe/Lisbon',
  },
];

/** The server's search, in small: the code itself, then codes and cities starting with the text. */
function searchAirports(url: string): Airport[] {
  const typed = (new URL(url, 'http://localhost').searchParams.get('q') ?? '').toLowerCase();
  const starts = (value: string | null) => (value ?? '').toLowerCase().startsWith(typed);
  return AIRPORTS.filter((airport) => starts(airport.code) || starts(airport.city));
}

export function renderWidget(
  flights: Flight[] | Reply,
  routes: Parameters<typeof mockApi>[0] = {},
  expanded = false,
) {
  const api = mockApi({
    [`GET ${FLIGHTS_URL}`]: Array.isArray(flights) ? { body: flights } : flights,
    'GET /api/trips/t1/members': { body: members },
    'GET /api/airports': (call) => ({ body: searchAirports(call.url) }),
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

export async function openAddDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add flight' }));
  return screen.findByRole('dialog', { name: 'Add flight' });
}

type User = ReturnType<typeof userEvent.setup>;

/** Types `typed` into an airport picker and clicks the airport with `code` in its list. */
export async function chooseAirport(
  user: User,
  dialog: HTMLElement,
  label: string,
  typed: string,
  code: string,
) {
  const box = field(dialog, label);
  await user.clear(box);
  await user.type(box, typed);
  const list = await within(dialog).findByRole('listbox', { name: 'Airports' });
  await user.click(await within(list).findByRole('option', { name: new RegExp(`^${code}:`) }));
}

const AIRPORT_FIELDS = ['From airport', 'To airport'];

/**
 * Types into every text field and picks from every select of the flight form; an airport field
 * is given a code, typed and chosen from the picker's list.
 */
export async function fillForm(
  user: User,
  dialog: HTMLElement,
  values: Partial<Record<string, string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    const control = field(dialog, label);
    if (AIRPORT_FIELDS.includes(label)) {
      await chooseAirport(user, dialog, label, value!.toLowerCase(), value!.toUpperCase());
    } else if (control instanceof HTMLSelectElement) {
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
