import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { tripKeys } from '@/features/trips/tripKeys';
import type { FlightDto } from '../../../shared/contracts/flights';
import type { Todo } from '../../../shared/contracts/todos';
import type { TripDto } from '../../../shared/contracts/trips';
import type { WidgetDto } from '../../../shared/contracts/widgets';
import { applyChangeElsewhere, applyTripChange, forgetTrip } from './applyTripChange';

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

  it('fetches my trips again when the trip has a new owner (it may be me)', () => {
    const mine = makeTrip({ id: TRIP, ownerId: 'gone', role: 'member' });
    queryClient.setQueryData(tripKeys.all, [mine]);
    const { role: _role, createdAt: _createdAt, ...settings } = mine;
    applyTripChange(queryClient, TRIP, {
      type: 'trip:saved',
      trip: { ...settings, ownerId: 'me' },
    });
    expect(queryClient.getQueryState(tripKeys.all)?.isInvalidated).toBe(true);
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

describe('applyChangeElsewhere (a trip this tab does not show)', () => {
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

  it('renames it in my trip list and forgets it when it is deleted', () => {
    const other = makeTrip({ id: TRIP, name: 'Bali', role: 'member' });
    const shown = makeTrip({ id: 'shown' });
    queryClient.setQueryData(tripKeys.all, [shown, other]);
    const { role: _role, createdAt: _createdAt, ...settings } = other;
    applyChangeElsewhere(queryClient, TRIP, {
      type: 'trip:saved',
      trip: { ...settings, name: 'Bali and Lombok' },
    });
    expect(queryClient.getQueryData<TripDto[]>(tripKeys.all)).toEqual([
      shown,
      { ...other, name: 'Bali and Lombok' },
    ]);
    applyChangeElsewhere(queryClient, TRIP, { type: 'trip:deleted' });
    expect(queryClient.getQueryData<TripDto[]>(tripKeys.all)).toEqual([shown]);
  });

  it('fetches my trip list again for a trip it does not hold yet (joined in another tab)', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: 'shown' })]);
    applyChangeElsewhere(queryClient, TRIP, { type: 'members:changed' });
    expect(stale(tripKeys.all)).toBe(true);
  });

  it('leaves alone what only that trip’s board shows, and a listed trip’s members', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: TRIP })]);
    queryClient.setQueryData(tripKeys.todos(TRIP), [todo('a')]);
    queryClient.setQueryData(tripKeys.members(TRIP), []);
    applyChangeElsewhere(queryClient, TRIP, { type: 'todo:saved', todo: todo('b') });
    applyChangeElsewhere(queryClient, TRIP, { type: 'members:changed' });
    expect(queryClient.getQueryData(tripKeys.todos(TRIP))).toEqual([todo('a')]);
    expect(stale(tripKeys.all)).toBe(false);
    expect(stale(tripKeys.members(TRIP))).toBe(false);
  });
});

describe('a fetch under way when a change arrives', () => {
  it('is replaced by one that has the change, so the change is not undone when it lands', async () => {
    // The list is shown and being fetched again (after a join, say), slowly: that read is before
    // the change.
    queryClient.setQueryData(tripKeys.todos(TRIP), [todo('a')]);
    let saved = [todo('a')];
    let reads = 0;
    const observer = new QueryObserver<Todo[]>(queryClient, {
      queryKey: tripKeys.todos(TRIP),
      queryFn: async () => {
        reads += 1;
        const answer = saved;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return answer;
      },
    });
    const stop = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 5)); // the first read is under way

    saved = [todo('a'), todo('b')];
    applyTripChange(queryClient, TRIP, { type: 'todo:saved', todo: todo('b') });
    expect(queryClient.getQueryData<Todo[]>(tripKeys.todos(TRIP))?.map((t) => t.id)).toEqual([
      'a',
      'b',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(queryClient.getQueryData<Todo[]>(tripKeys.todos(TRIP))?.map((t) => t.id)).toEqual([
      'a',
      'b',
    ]);
    expect(reads).toBe(2);
    stop();
  });
});
