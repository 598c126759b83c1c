import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WIDGETS_PER_TRIP, TOO_MANY_WIDGETS } from '../../../shared/contracts/board';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { FLIGHT_MESSAGES, MAX_FLIGHTS_PER_TRIP } from '../../../shared/contracts/flights';
import { MAX_TODOS_PER_TRIP, TODO_MESSAGES } from '../../../shared/contracts/todos';
import { widgets } from '../../platform/db/schema';
import { createTripCast } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { flights } from '../flights/tables';
import { todos } from '../todos/tables';

/**
 * Issue #16: one member made 5,000 to-dos in 8 s (a 3.7 MB list) and 1,000 widgets (a 4 MB
 * board). Every kind of item now has a ceiling per trip, held under concurrent adds too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const flight = {
  flightNumber: 'GA 401',
  departureAirport: 'DPS',
  departureTime: '2030-06-01T08:00:00+08:00',
  arrivalAirport: 'SIN',
  arrivalTime: '2030-06-01T11:00:00+08:00',
};

const kinds = [
  {
    name: 'to-dos',
    max: MAX_TODOS_PER_TRIP,
    message: TODO_MESSAGES.tooMany,
    path: 'todos',
    body: { text: 'One more thing' },
    fill: (tripId: string, count: number) =>
      t.database.db
        .insert(todos)
        .values(Array.from({ length: count }, (_, i) => ({ tripId, text: `Task ${i}` }))),
  },
  {
    name: 'flights',
    max: MAX_FLIGHTS_PER_TRIP,
    message: FLIGHT_MESSAGES.tooMany,
    path: 'flights',
    body: flight,
    fill: (tripId: string, count: number) =>
      t.database.db
        .insert(flights)
        .values(Array.from({ length: count }, () => ({ tripId, ...flight }))),
  },
  {
    name: 'widgets',
    max: MAX_WIDGETS_PER_TRIP,
    message: TOO_MANY_WIDGETS,
    path: 'widgets',
    body: { type: 'countdown', position: { top: 100, left: 100 } },
    fill: (tripId: string, count: number) =>
      t.database.db.insert(widgets).values(
        Array.from({ length: count }, (_, i) => ({
          id: `countdown${tripId}${i}`,
          tripId,
          type: 'countdown' as const,
          top: 100,
          left: 100,
          title: `Countdown ${i}`,
        })),
      ),
  },
];

describe.each(kinds)('a trip full of $name', ({ max, message, path, body, fill }) => {
  it(`takes the ${max}th and refuses the next with 403 item_limit`, async () => {
    const { tripId, owner } = await createTripCast(t);
    await fill(tripId, max - 1);
    const last = await owner.client.post(`/api/trips/${tripId}/${path}`, body);
    expect(last.status).toBe(201);
    const over = await owner.client.post<ErrorResponse>(`/api/trips/${tripId}/${path}`, body);
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ code: 'item_limit', message });
  });

  it('lets only one of five members adding at once take the last place', async () => {
    const trip = await createTripCast(t);
    await fill(trip.tripId, max - 1);
    const adds = await Promise.all(
      Array.from({ length: 5 }, () =>
        trip.member.client.post(`/api/trips/${trip.tripId}/${path}`, body),
      ),
    );
    expect(adds.map((res) => res.status).sort()).toEqual([201, 403, 403, 403, 403]);
    const list = await trip.owner.client.get<unknown[]>(`/api/trips/${trip.tripId}/${path}`);
    expect(list.body).toHaveLength(max);
  });
});
