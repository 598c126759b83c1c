import { describe, expect, it } from 'vitest';
import { randomId } from './ids';

describe('randomId', () => {
  it('is always 9 base-36 characters', () => {
    for (let i = 0; i < 1000; i++) expect(randomId()).toMatch(/^[0-9a-z]{9}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, randomId).join(''));
    expect(seen.size).toBe(36);
  });
});
