import { isPollClosed, type Poll, pollLeaders } from '../../../shared/contracts/polls';
import { listNames } from '../../../shared/text';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Closes 20 Dec 2026, 09:00", "Closed 20 Dec 2026, 09:00", or "Open" for a poll without end. */
export function pollStatus(poll: Pick<Poll, 'closedAt' | 'closesAt'>, now: number): string {
  if (isPollClosed(poll, now)) {
    const at = poll.closedAt ?? poll.closesAt;
    return at ? `Closed ${when.format(new Date(at))}` : 'Closed';
  }
  return poll.closesAt ? `Closes ${when.format(new Date(poll.closesAt))}` : 'Open';
}

/** What a closed poll decided, or where an open one stands. */
export function pollOutcome(poll: Pick<Poll, 'options'>, closed: boolean): string {
  const leaders = pollLeaders(poll.options).map((option) => option.text);
  if (leaders.length === 0) return closed ? 'No votes: nothing was decided' : 'No votes yet';
  if (leaders.length > 1) return `${closed ? 'Tied' : 'Tie'}: ${listNames(leaders)}`;
  return `${closed ? 'Winner' : 'Leading'}: ${leaders[0]}`;
}

/** "1 person voted", "3 people voted": people, not choices. */
export function votersLabel(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'} voted`;
}

/** The value of a `datetime-local` input (local time, to the minute) as an ISO instant. */
export function deadlineFromInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
