import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first call at once and the latest of a burst at the end of the interval', () => {
    const send = vi.fn();
    const move = throttle(send, 33);
    move(1);
    move(2);
    move(3);
    expect(send.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(33);
    expect(send.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(100);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a steady stream to one call per interval', () => {
    const send = vi.fn();
    const move = throttle(send, 33);
    for (let i = 0; i < 100; i++) {
      move(i);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(33);
    // 500 ms of moves every 5 ms: about 500 / 33 sends, and the last one is the last move.
    expect(send.mock.calls.length).toBeGreaterThanOrEqual(14);
    expect(send.mock.calls.length).toBeLessThanOrEqual(17);
    expect(send.mock.calls.at(-1)).toEqual([99]);
  });

  it('drops a pending call on cancel, and sends it at once on flush', () => {
    const send = vi.fn();
    const move = throttle(send, 33);
    move('a');
    move('b');
    move.cancel();
    vi.advanceTimersByTime(50);
    expect(send.mock.calls).toEqual([['a']]);
    move('c');
    move('d');
    move.flush();
    expect(send.mock.calls).toEqual([['a'], ['c'], ['d']]);
  });
});
