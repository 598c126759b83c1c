import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/realtime/liveHandlers';
import type { TripDto } from '../../../shared/contracts/trips';
import { forgetTrip } from './tripCache';
import { makeTrip } from './tripFixtures';
import { tripKeys } from './tripKeys';

const TRIP = 'trip-1';

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

describe('live trip changes', () => {
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

  it('forgets a deleted trip: out of my list and out of the cache', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: TRIP }), makeTrip({ id: 'other' })]);
    queryClient.setQueryData(tripKeys.widgets(TRIP), []);
    applyTripChange(queryClient, TRIP, { type: 'trip:deleted' });
    expect(queryClient.getQueryData<TripDto[]>(tripKeys.all)?.map((t) => t.id)).toEqual(['other']);
    expect(queryClient.getQueryData(tripKeys.widgets(TRIP))).toBeUndefined();
    forgetTrip(queryClient, 'other');
    expect(queryClient.getQueryData(tripKeys.all)).toEqual([]);
  });
});
