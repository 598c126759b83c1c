import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import { todoKeys } from '@/features/todos/todoCache';
import { tripKeys } from '@/features/trips/tripKeys';

const TRIP = 'trip-1';

describe('live membership changes', () => {
  it('refetches the members alone: what of theirs let go of them arrives as changes of its own', () => {
    const queryClient = new QueryClient();
    for (const key of [tripKeys.members(TRIP), todoKeys.list(TRIP), tripKeys.widgets(TRIP)]) {
      queryClient.setQueryData(key, []);
    }
    applyTripChange(queryClient, TRIP, { type: 'members:changed' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(tripKeys.members(TRIP))).toBe(true);
    expect(stale(todoKeys.list(TRIP))).toBe(false);
    expect(stale(tripKeys.widgets(TRIP))).toBe(false);
  });
});
