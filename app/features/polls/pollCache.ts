import type { LiveList } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { Poll, SharedPoll } from '../../../shared/contracts/polls';

export const pollKeys = {
  list: (tripId: string) => [...tripKeys.trip(tripId), 'polls'] as const,
};

/** Newest first, as the server lists them: a poll asked elsewhere lands on top. */
const newestFirst = (polls: Poll[]) =>
  [...polls].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

/** The cached list of a trip's polls: this tab's answers and other members' live changes. */
export const {
  update: updatePolls,
  save: savePollInCache,
  replace: replacePollInCache,
  remove: removePollFromCache,
} = tripListCache<Poll>(pollKeys.list, newestFirst);

/**
 * A poll as another member's change shows it, with this tab's own choices: the live change is
 * the same for everyone and does not carry them (they may be hidden from the others).
 */
export function withMyVotes(shared: SharedPoll, cached: Poll | undefined): Poll {
  const options = new Set(shared.options.map((option) => option.id));
  const myVotes = (cached?.myVotes ?? []).filter((id) => options.has(id));
  return { ...shared, myVotes };
}

/** Other members' polls, votes and closings. */
export const pollLive: LiveList<'polls'> = {
  writes: (tripId) => [pollKeys.list(tripId)],
  saved: (queryClient, tripId, poll) =>
    updatePolls(queryClient, tripId, (polls) => {
      const cached = polls.find((other) => other.id === poll.id);
      const next = withMyVotes(poll, cached);
      return cached
        ? polls.map((other) => (other.id === poll.id ? next : other))
        : [...polls, next];
    }),
  removed: removePollFromCache,
};
