import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import type { Widget } from '../../../shared/contracts/board';

const TRIP = 'trip-1';

const widget = (id: string, top = 10): Widget => ({
  id,
  tripId: TRIP,
  type: 'todo',
  position: { top, left: 20 },
  title: `Widget ${id}`,
  data: null,
});

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

describe('live board changes', () => {
  it('moves a widget in place, adds a new one at the end and removes one', () => {
    queryClient.setQueryData(tripKeys.widgets(TRIP), [widget('a'), widget('b')]);
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'widgets',
      item: widget('a', 300),
    });
    applyTripChange(queryClient, TRIP, { type: 'item:saved', list: 'widgets', item: widget('c') });
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'widgets', id: 'b' });
    expect(queryClient.getQueryData(tripKeys.widgets(TRIP))).toEqual([
      widget('a', 300),
      widget('c'),
    ]);
  });
});
