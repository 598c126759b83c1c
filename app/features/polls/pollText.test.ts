import { describe, expect, it } from 'vitest';
import { isPollClosed, pollLeaders } from '../../../shared/contracts/polls';
import { deadlineFromInput, pollOutcome, pollStatus, votersLabel } from './pollText';

const options = (...votes: number[]) =>
  votes.map((count, index) => ({ id: `${index}`, text: `O${index}`, votes: count, voters: null }));

describe('pollLeaders', () => {
  it('finds the one with most votes, every tied one, or none when nobody voted', () => {
    expect(pollLeaders(options(1, 3, 2)).map((o) => o.text)).toEqual(['O1']);
    expect(pollLeaders(options(2, 0, 2)).map((o) => o.text)).toEqual(['O0', 'O2']);
    expect(pollLeaders(options(0, 0))).toEqual([]);
  });
});

describe('isPollClosed', () => {
  const now = Date.parse('2030-06-01T12:00:00Z');
  it('is closed by hand, or once its deadline is reached', () => {
    expect(isPollClosed({ closedAt: '2030-05-01T00:00:00Z', closesAt: null }, now)).toBe(true);
    expect(isPollClosed({ closedAt: null, closesAt: '2030-06-01T12:00:00Z' }, now)).toBe(true);
    expect(isPollClosed({ closedAt: null, closesAt: '2030-06-01T12:00:01Z' }, now)).toBe(false);
    expect(isPollClosed({ closedAt: null, closesAt: null }, now)).toBe(false);
  });
});

describe('poll texts', () => {
  it('names the winner of a closed poll, the leader of an open one, and ties', () => {
    expect(pollOutcome({ options: options(1, 3) }, true)).toBe('Winner: O1');
    expect(pollOutcome({ options: options(1, 3) }, false)).toBe('Leading: O1');
    expect(pollOutcome({ options: options(2, 2, 2) }, true)).toBe('Tied: O0, O1 and O2');
    expect(pollOutcome({ options: options(0, 0) }, false)).toBe('No votes yet');
    expect(pollOutcome({ options: options(0, 0) }, true)).toBe('No votes: nothing was decided');
  });

  it('says whether it is open, when it closes, or when it closed', () => {
    const now = Date.parse('2030-06-01T12:00:00Z');
    expect(pollStatus({ closedAt: null, closesAt: null }, now)).toBe('Open');
    expect(pollStatus({ closedAt: null, closesAt: '2030-06-02T12:00:00Z' }, now)).toMatch(
      /^Closes /,
    );
    expect(pollStatus({ closedAt: null, closesAt: '2030-05-02T12:00:00Z' }, now)).toMatch(
      /^Closed /,
    );
  });

  it('counts people', () => {
    expect(votersLabel(1)).toBe('1 person voted');
    expect(votersLabel(0)).toBe('0 people voted');
  });

  it('reads a datetime-local value as an instant, and nothing as no deadline', () => {
    expect(deadlineFromInput('')).toBeNull();
    expect(deadlineFromInput('2030-06-01T09:30')).toBe(new Date(2030, 5, 1, 9, 30).toISOString());
  });
});
