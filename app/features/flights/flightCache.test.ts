import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import type { Flight } from '../../../shared/contracts/flights';
import { flightKeys } from './flightCache';

const TRIP = 'trip-1';

const flight = (id: string, departureTime: string): Flight => ({
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

describe('live flight changes', () => {
  it('keeps flights in departure order', () => {
    queryClient.setQueryData(flightKeys.list(TRIP), [flight('late', '2030-06-05T10:00:00Z')]);
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'flights',
      item: flight('early', '2030-06-01T10:00:00Z'),
    });
    expect(queryClient.getQueryData<Flight[]>(flightKeys.list(TRIP))?.map((f) => f.id)).toEqual([
      'early',
      'late',
    ]);
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'flights', id: 'late' });
    expect(queryClient.getQueryData<Flight[]>(flightKeys.list(TRIP))).toHaveLength(1);
  });
});
