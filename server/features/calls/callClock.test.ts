import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndsAt, createCallClock } from './callClock';

const MINUTE = 60_000;

describe('the call clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function watched(limitMinutes: number | null, startedMinutesAgo = 0) {
    const events: string[] = [];
    const clock = createCallClock(MINUTE, {
      warn: (call, minutesLeft) => events.push(`${call.id} warn ${minutesLeft}`),
      end: (call) => events.push(`${call.id} end`),
    });
    const call = {
      id: 'c1',
      startedAt: new Date(Date.now() - startedMinutesAgo * MINUTE),
      limitMinutes,
    };
    clock.watch(call);
    return { events, clock, call };
  }

  it('warns 2 and 1 minutes before a Free call ends at 10 minutes, then ends it', () => {
    const { events } = watched(10);
    vi.advanceTimersByTime(8 * MINUTE - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['c1 warn 2']);
    vi.advanceTimersByTime(MINUTE);
    expect(events).toEqual(['c1 warn 2', 'c1 warn 1']);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['c1 warn 2', 'c1 warn 1', 'c1 end']);
  });

  it('watches a call once however often it is seen', () => {
    const { events, clock, call } = watched(60);
    clock.watch(call);
    clock.watch({ ...call });
    vi.advanceTimersByTime(60 * MINUTE);
    expect(events).toEqual(['c1 warn 2', 'c1 warn 1', 'c1 end']);
  });

  it('gives no late warning to a call seen after its moment, and ends an overdue one at once', () => {
    const { events } = watched(10, 8.5);
    vi.advanceTimersByTime(0);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(0.5 * MINUTE);
    expect(events).toEqual(['c1 warn 1']);
    const late = watched(10, 12);
    vi.advanceTimersByTime(0);
    expect(late.events).toEqual(['c1 end']);
  });

  it('keeps no time for a call with no limit, or one that ended another way', () => {
    const pro = watched(null);
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    expect(pro.events).toEqual([]);
    const emptied = watched(10);
    emptied.clock.forget('c1');
    vi.advanceTimersByTime(10 * MINUTE);
    expect(emptied.events).toEqual([]);
  });

  it('skips a warning that would come at the start of a short call', () => {
    const { events } = watched(2);
    vi.advanceTimersByTime(2 * MINUTE);
    expect(events).toEqual(['c1 warn 1', 'c1 end']);
  });

  it('says when a call ends at its limit, with the minute it is given', () => {
    const startedAt = new Date('2026-11-25T10:00:00Z');
    expect(callEndsAt({ id: 'c', startedAt, limitMinutes: 10 }, MINUTE)?.toISOString()).toBe(
      '2026-11-25T10:10:00.000Z',
    );
    expect(callEndsAt({ id: 'c', startedAt, limitMinutes: 10 }, 1000)?.toISOString()).toBe(
      '2026-11-25T10:00:10.000Z',
    );
    expect(callEndsAt({ id: 'c', startedAt, limitMinutes: null }, MINUTE)).toBeNull();
  });
});
