import { describe, expect, it } from 'vitest';
import { cursorMoveEvent } from '../../../shared/contracts/live';
import { createDropStats, createRateLimit, parseEvent } from './eventGuard';

describe('createRateLimit', () => {
  it('lets a burst of `perSecond` through, then refills at that rate', () => {
    let now = 0;
    const allow = createRateLimit(60, () => now);
    const burst = Array.from({ length: 100 }, () => allow());
    expect(burst.filter(Boolean)).toHaveLength(60);
    now += 500; // half a second refills 30
    expect(Array.from({ length: 40 }, () => allow()).filter(Boolean)).toHaveLength(30);
  });

  it('never throttles a steady 30 Hz sender', () => {
    let now = 0;
    const allow = createRateLimit(60, () => now);
    for (let i = 0; i < 300; i++, now += 33) expect(allow()).toBe(true);
  });
});

describe('parseEvent', () => {
  it('gives the payload back when it matches, and counts what does not', () => {
    const stats = createDropStats();
    const dropped = () => {
      stats.malformed += 1;
    };
    expect(parseEvent(cursorMoveEvent, { at: { top: 1, left: 2 } }, dropped)).toEqual({
      at: { top: 1, left: 2 },
    });
    expect(parseEvent(cursorMoveEvent, { at: { top: 1 } }, dropped)).toBeNull();
    expect(parseEvent(cursorMoveEvent, undefined, dropped)).toBeNull();
    expect(stats).toEqual({ malformed: 2, rateLimited: 0 });
  });
});
