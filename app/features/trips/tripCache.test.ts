import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import { deferred } from '@/test/api';
import type { Trip } from '../../../shared/contracts/trips';
import { DELETE_TRIP_KEY, forgetTrip, isGoneNews } from './tripCache';
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
    expect(queryClient.getQueryData<Trip[]>(tripKeys.all)).toEqual([
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
    expect(queryClient.getQueryData<Trip[]>(tripKeys.all)?.map((t) => t.id)).toEqual(['other']);
    expect(queryClient.getQueryData(tripKeys.widgets(TRIP))).toBeUndefined();
    forgetTrip(queryClient, 'other');
    expect(queryClient.getQueryData(tripKeys.all)).toEqual([]);
  });
});

describe('isGoneNews (whether to tell this tab it is off a trip)', () => {
  it('is news while the trip is on my list, and not once it is forgotten', () => {
    queryClient.setQueryData(tripKeys.all, [makeTrip({ id: TRIP })]);
    expect(isGoneNews(queryClient, TRIP)).toBe(true);
    forgetTrip(queryClient, TRIP);
    // A second message about it (the deletion's broadcast, then the room let go) is not told.
    expect(isGoneNews(queryClient, TRIP)).toBe(false);
  });

  it('is not news to the tab that is deleting the trip itself', async () => {
    queryClient.setQueryData(tripKeys.all, [
      makeTrip({ id: TRIP }),
      makeTrip({ id: 'another-trip' }),
    ]);
    const answer = deferred<void>();
    const deleting = queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: DELETE_TRIP_KEY, mutationFn: () => answer.promise })
      .execute(TRIP);
    expect(isGoneNews(queryClient, TRIP)).toBe(false);
    expect(isGoneNews(queryClient, 'another-trip')).toBe(true);
    answer.resolve();
    await deleting;
  });
});
