import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@/test/api';
import type { TripChange, TripChangesSince } from '../../../shared/contracts/live';
import { createChangeSequence } from './changeSequence';

/** A to-do saved, named by its text, as a change of the trip's sequence. */
const saved = (text: string): TripChange => ({
  type: 'item:saved',
  list: 'todos',
  item: { id: text, text } as never,
});
const textOf = (change: TripChange) =>
  change.type === 'item:saved' ? (change.item as { text: string }).text : change.type;

/** The server's log: change n is the to-do "n". */
const logged = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    seq: from + i,
    change: saved(String(from + i)),
  }));

function setUp(answer: (since: number) => Promise<TripChangesSince>) {
  const applied: string[] = [];
  const fetchSince = vi.fn(answer);
  const refetchAll = vi.fn();
  const sequence = createChangeSequence({
    apply: (change) => applied.push(textOf(change)),
    fetchSince,
    refetchAll,
  });
  return { sequence, applied, fetchSince, refetchAll };
}

describe('a trip’s change sequence (issue #37)', () => {
  it('applies changes in order as they come, and counts its own without applying them', () => {
    const { sequence, applied, fetchSince } = setUp(async () => ({ seq: 0, changes: [] }));
    expect(sequence.joined(4)).toBe(false);
    sequence.received(saved('5'), 5);
    sequence.seen(6);
    sequence.received(saved('7'), 7);
    expect(applied).toEqual(['5', '7']);
    expect(sequence.last).toBe(7);
    expect(fetchSince).not.toHaveBeenCalled();
  });

  it('fetches a change lost on its way when the next one arrives, and applies both in order', async () => {
    const { sequence, applied, fetchSince, refetchAll } = setUp(async (since) => ({
      seq: 3,
      changes: logged(since + 1, 3),
    }));
    sequence.joined(1);
    sequence.received(saved('3'), 3); // 2 never came
    await vi.waitFor(() => expect(applied).toEqual(['2', '3']));
    expect(fetchSince).toHaveBeenCalledWith(1);
    expect(refetchAll).not.toHaveBeenCalled();
    expect(sequence.last).toBe(3);
  });

  it('after a reconnect, replays the 50 changes made meanwhile without fetching the lists anew', async () => {
    const { sequence, applied, fetchSince, refetchAll } = setUp(async (since) => ({
      seq: 60,
      changes: logged(since + 1, 60),
    }));
    sequence.joined(10);
    expect(sequence.joined(60)).toBe(true); // the rejoin finds the trip 50 changes on
    await vi.waitFor(() => expect(applied).toHaveLength(50));
    expect(applied[0]).toBe('11');
    expect(applied.at(-1)).toBe('60');
    expect(fetchSince).toHaveBeenCalledTimes(1);
    expect(refetchAll).not.toHaveBeenCalled();
  });

  it('holds what arrives during a catch-up, and skips what the catch-up brought already', async () => {
    const answer = deferred<TripChangesSince>();
    const { sequence, applied } = setUp(() => answer.promise);
    sequence.joined(1);
    sequence.received(saved('4'), 4); // 2 and 3 missed: asks
    sequence.received(saved('3'), 3); // 3 arrives late, during the catch-up
    sequence.received(saved('5'), 5);
    expect(applied).toEqual([]);
    answer.resolve({ seq: 4, changes: logged(2, 4) });
    await vi.waitFor(() => expect(applied).toEqual(['2', '3', '4', '5']));
  });

  it('fetches what it shows anew when the missed changes are no longer all kept, then counts on', async () => {
    const { sequence, applied, refetchAll } = setUp(async () => ({ seq: 900, changes: null }));
    sequence.joined(1);
    sequence.joined(900);
    await vi.waitFor(() => expect(refetchAll).toHaveBeenCalledTimes(1));
    sequence.received(saved('901'), 901);
    expect(applied).toEqual(['901']);
  });

  it('fetches anew when asking fails (offline again), and counts from the newest it heard of', async () => {
    const { sequence, refetchAll, applied } = setUp(async () => {
      throw new Error('offline');
    });
    sequence.joined(1);
    sequence.received(saved('5'), 5);
    await vi.waitFor(() => expect(refetchAll).toHaveBeenCalledTimes(1));
    sequence.received(saved('6'), 6);
    expect(applied).toEqual(['6']);
  });

  it('applies changes before its first join as they come, and ones outside the sequence at once', () => {
    const { sequence, applied } = setUp(async () => ({ seq: 0, changes: [] }));
    sequence.received(saved('early'), 3);
    sequence.joined(3);
    sequence.received({ type: 'members:changed' }, undefined);
    expect(applied).toEqual(['early', 'members:changed']);
  });

  it('asks once on a resync, and nothing more when nothing was missed', async () => {
    const { sequence, fetchSince, applied } = setUp(async () => ({ seq: 2, changes: [] }));
    sequence.joined(2);
    sequence.resync();
    await vi.waitFor(() => expect(fetchSince).toHaveBeenCalledWith(2));
    expect(applied).toEqual([]);
  });
});
