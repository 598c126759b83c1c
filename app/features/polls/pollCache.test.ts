import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import type { Poll, SharedPoll } from '../../../shared/contracts/polls';
import { pollKeys } from './pollCache';

const TRIP = 'trip-1';

function shared(id: string, createdAt: string, votes = 0): SharedPoll {
  return {
    id,
    tripId: TRIP,
    question: `Question ${id}`,
    options: [
      { id: 'a', text: 'A', votes, voters: null },
      { id: 'b', text: 'B', votes: 0, voters: null },
    ],
    multiple: false,
    hideVoters: true,
    voterCount: votes,
    closesAt: null,
    closedAt: null,
    createdBy: null,
    createdAt,
  };
}
const mine = (poll: SharedPoll, myVotes: string[]): Poll => ({ ...poll, myVotes });

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});
const cached = () => queryClient.getQueryData<Poll[]>(pollKeys.list(TRIP));

describe('live poll changes', () => {
  it('keeps this tab’s own choice when another member’s vote arrives', () => {
    queryClient.setQueryData(pollKeys.list(TRIP), [mine(shared('1', '2030-01-01'), ['a'])]);
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'polls',
      item: shared('1', '2030-01-01', 2),
    });
    expect(cached()).toEqual([mine(shared('1', '2030-01-01', 2), ['a'])]);
  });

  it('puts a new poll on top with no choice of mine, and removes a deleted one', () => {
    queryClient.setQueryData(pollKeys.list(TRIP), [mine(shared('1', '2030-01-01'), [])]);
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'polls',
      item: shared('2', '2030-01-02'),
    });
    expect(cached()?.map((poll) => [poll.id, poll.myVotes])).toEqual([
      ['2', []],
      ['1', []],
    ]);
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'polls', id: '1' });
    expect(cached()?.map((poll) => poll.id)).toEqual(['2']);
  });

  it('leaves a list that was never loaded alone', () => {
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'polls',
      item: shared('1', '2030-01-01'),
    });
    expect(cached()).toBeUndefined();
  });
});
