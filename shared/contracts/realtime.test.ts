import { describe, expect, it } from 'vitest';
import { PRESENCE_COLOURS, presenceColour } from './realtime';

describe('presenceColour', () => {
  it('gives one person the same colour every time, from the palette', () => {
    const id = '0b6c1a52-5f0e-4a38-9d0e-8f3e2f1c7a11';
    expect(presenceColour(id)).toBe(presenceColour(id));
    expect(PRESENCE_COLOURS).toContain(presenceColour(id));
  });

  it('spreads a group over several colours', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `user-${i}-${i * 7919}`);
    expect(new Set(ids.map(presenceColour)).size).toBeGreaterThanOrEqual(5);
  });
});
