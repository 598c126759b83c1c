import { describe, expect, it } from 'vitest';
import { createTurns } from './turns';

/** The next turn of the event loop: whatever a turn let through has run by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createTurns', () => {
  it('lets work through as much as a turn takes, at once, and the rest in later turns, in order', async () => {
    const turn = createTurns({ bytesPerTurn: 100, smallBytes: 10 });
    const ran: string[] = [];
    const piece = (name: string, bytes: number) => turn(bytes).then(() => ran.push(name));
    const all = [piece('a', 40), piece('b', 40), piece('c', 40), piece('big', 500), piece('d', 1)];
    await Promise.resolve();
    expect(ran).toEqual(['a', 'b']);
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c']);
    // Bigger than a turn: alone in one; a small piece behind it waits its turn too.
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'big', 'd']);
    await Promise.all(all);
    // Small pieces count for nothing: many go at once, and do not hold a big one back.
    await nextTurn();
    const many = Array.from({ length: 50 }, (_, i) => piece(`small${i}`, 9));
    const big = piece('big2', 100);
    await Promise.resolve();
    expect(ran.length).toBe(5 + 51);
    await Promise.all([...many, big]);
  });

  it('lets the loop run its timers between turns', async () => {
    const turn = createTurns({ bytesPerTurn: 10, smallBytes: 5 });
    const ran: string[] = [];
    const work = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {}
    };
    setTimeout(() => ran.push('timer'), 1);
    const pieces = [
      turn(10),
      // In a turn of its own, long enough for the timer to be due when it is done.
      turn(10).then(() => work(5)),
      turn(10).then(() => ran.push('third')),
    ];
    await Promise.all(pieces);
    // The timer ran before the next turn, not after all of them.
    expect(ran).toEqual(['timer', 'third']);
  });
});
