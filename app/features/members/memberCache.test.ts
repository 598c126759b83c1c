import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { flightKeys } from '@/features/flights/flightCache';
import { applyTripChange } from '@/features/realtime/liveHandlers';
import { todoKeys } from '@/features/todos/todoCache';
import { tripKeys } from '@/features/trips/tripKeys';

const TRIP = 'trip-1';

describe('live membership changes', () => {
  it('refetches members, to-dos and flights when the membership changes', () => {
    const queryClient = new QueryClient();
    for (const key of [tripKeys.members(TRIP), todoKeys.list(TRIP), flightKeys.list(TRIP)]) {
      queryClient.setQueryData(key, []);
    }
    queryClient.setQueryData(tripKeys.widgets(TRIP), []);
    applyTripChange(queryClient, TRIP, { type: 'members:changed' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(tripKeys.members(TRIP))).toBe(true);
    expect(stale(todoKeys.list(TRIP))).toBe(true);
    expect(stale(flightKeys.list(TRIP))).toBe(true);
    expect(stale(tripKeys.widgets(TRIP))).toBe(false);
  });
});
