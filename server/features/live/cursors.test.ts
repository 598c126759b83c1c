import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CursorMove } from '../../../shared/contracts/live';
import { createCursorBatcher } from './cursors';

const move = (userId: string, top: number): CursorMove => ({ userId, at: { top, left: 0 } });

describe('createCursorBatcher', () => {
  let sent: { tripId: string; moves: CursorMove[] }[];
  let batcher: ReturnType<typeof createCursorBatcher>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    batcher = createCursorBatcher(33, (tripId, moves) => sent.push({ tripId, moves }));
  });
  afterEach(() => {
    batcher.close();
    vi.useRealTimers();
  });

  it("sends a trip's moves as one batch, oldest first, a tick after its first move", () => {
    batcher.queue('lisbon', move('ana', 1));
    vi.advanceTimersByTime(20);
    batcher.queue('lisbon', move('bruno', 2));
    batcher.queue('lisbon', move('ana', 3));
    vi.advanceTimersByTime(12);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { tripId: 'lisbon', moves: [move('ana', 1), move('bruno', 2), move('ana', 3)] },
    ]);
    // The trip's next move starts a tick of its own; nothing runs meanwhile.
    expect(vi.getTimerCount()).toBe(0);
    batcher.queue('lisbon', move('ana', 4));
    vi.advanceTimersByTime(33);
    expect(sent.at(-1)).toEqual({ tripId: 'lisbon', moves: [move('ana', 4)] });
  });

  it('gives each trip its own tick, started by its own first move', () => {
    batcher.queue('lisbon', move('ana', 1));
    vi.advanceTimersByTime(10);
    batcher.queue('porto', move('carla', 2));
    vi.advanceTimersByTime(23);
    expect(sent.map((batch) => batch.tripId)).toEqual(['lisbon']);
    vi.advanceTimersByTime(10);
    expect(sent).toEqual([
      { tripId: 'lisbon', moves: [move('ana', 1)] },
      { tripId: 'porto', moves: [move('carla', 2)] },
    ]);
  });

  it('once closed, sends nothing more: neither what was pending nor later goodbyes', () => {
    batcher.queue('lisbon', move('ana', 1));
    batcher.close();
    batcher.queue('lisbon', { userId: 'ana', at: null });
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
