import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { tripKeys } from '@/features/trips/tripKeys';
import type { FlightDto } from '../../../shared/contracts/flights';
import type { Todo } from '../../../shared/contracts/todos';
import type { TripDto } from '../../../shared/contracts/trips';
import type { WidgetDto } from '../../../shared/contracts/widgets';
import { applyTripChange, forgetTrip } from './applyTripChange';

const TRIP = 'trip-1';

const widget = (id: string, top = 10): WidgetDto => ({
  id,
  tripId: TRIP,
  type: 'todo',
  position: { top, left: 20 },
  title: `Widget ${id}`,
  data: null,
});
const todo = (id: string, text = id): Todo => ({
  id,
  tripId: TRIP,
  text,
  isCompleted: false,
  dueDate: null,
  priority: 'medium',
  assignedTo: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});
const flight = (id: string, departureTime: string): FlightDto => ({
  id,
  tripId: TRIP,
  flightNumber: 'TP123',
  departureAirport: 'LIS',
  departureTime,
  arrivalAirport: 'DPS',
  arrivalTime: '2030-06-02T10:00:00+08:00',
  stops: 1,
  durationMinutes: 900,
  duration: '15h 0m',
  traveller: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

describe('applyTripChange', () => {
  it('moves a widget in place, adds a new one at the end and removes one', () => {
    queryClient.setQueryData(tripKeys.widgets(TRIP), [widget('a'), widget('b')]);
    applyTripChange(queryClient, TRIP, { type: 'widget:saved', widget: widget('a', 300) });
    applyTripChange(queryClient, TRIP, { type: 'widget:saved', widget: widget('c') });
    applyTripChange(queryClient, TRIP, { type: 'widget:removed', widgetId: 'b' });
    expect(queryClient.getQueryData(tripKeys.widgets(TRIP))).toEqual([
      widget('a', 300),
      widget('c'),
    ]);
  });

  it('leaves a list that was never loaded alone (it loads whole when it is needed)', () => {
    applyTripChange(queryClient, TRIP, { type: 'todo:saved', todo: todo('x') });
    expect(queryClient.getQueryData(tripKeys.todos(TRIP))).toBeUndefined();
  });

  it('keeps to-dos in their order and flights in departure order', () => {
    queryClient.setQueryData(tripKeys.todos(TRIP), [todo('1'), todo('2')]);
    applyTripChange(queryClient, TRIP, { type: 'todo:saved', todo: todo('1', 'Renamed') });
    applyTripChange(queryClient, TRIP, { type: 'todo:removed', todoId: '2' });
    expect(queryClient.getQueryData(tripKeys.todos(TRIP))).toEqual([todo('1', 'Renamed')]);

    queryClient.setQueryData(tripKeys.flights(TRIP), [flight('late', '2030-06-05T10:00:00Z')]);
    applyTripChange(queryClient, TRIP, {
      type: 'flight:saved',
      flight: flight('early', '2030-06-01T10:00:00Z'),
    });
    expect(queryClient.getQueryData<FlightDto[]>(tripKeys.flights(TRIP))?.map((f) => f.id)).toEqual(
      ['early', 'late'],
    );
    applyTripChange(queryClient, TRIP, { type: 'flight:removed', flightId: 'late' });
    expect(queryClient.getQueryData<FlightDto[]>(tripKeys.flights(TRIP))).toHaveLength(1);
  });

  it('takes new trip settings and keeps my role', () => {
    const mine = makeTrip({ id: TRIP, name: 'Bali', role: 'member' });
    queryClient.setQueryData(tripKeys.all, [mine]);
    const { role: _role, createdAt: _createdAt, ...settings } = mine;
    applyTripChange(queryClient, TRIP, {
      type: 'trip:saved',
      trip: { ...settings, name: 'Bali and Lombok' },
    });
    expect(queryClient.getQueryData<TripDto[]>(tripKeys.all)).toEqual([
      { ...mine, name: 'Bali and Lombok' },
    ]);
  });

  it('refetches members, to-dos and flights when the membership changes', async () => {
    for (const key of [tripKeys.members(TRIP), tripKeys.todos(TRIP), tripKeys.flights(TRIP)]) {
      queryClient.setQueryData(key, []);
    }
    queryClient.setQueryData(tripKeys.widgets(TRIP), []);
    applyTripChange(queryClient, TRIP, { type: 'members:changed' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(tripKeys.members(TRIP))).toBe(true);
    expect(stale(tripKeys.todos(TRIP))).toBe(true);
    expect(stale(tripKeys.flights(TRIP))).toBe(true);
    expect(stale(tripKeys.widgets(TRIP))).toBe(false);
  });

  it('forgets a deleted trip: out of my list and out of the cache', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: TRIP }), makeTrip({ id: 'other' })]);
    queryClient.setQueryData(tripKeys.widgets(TRIP), [widget('a')]);
    applyTripChange(queryClient, TRIP, { type: 'trip:deleted' });
    expect(queryClient.getQueryData<TripDto[]>(tripKeys.all)?.map((t) => t.id)).toEqual(['other']);
    expect(queryClient.getQueryData(tripKeys.widgets(TRIP))).toBeUndefined();
    forgetTrip(queryClient, 'other');
    expect(queryClient.getQueryData(tripKeys.all)).toEqual([]);
  });
});
