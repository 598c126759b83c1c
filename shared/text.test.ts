import { describe, expect, it } from 'vitest';
import { toUpperCase } from './text';

describe('toUpperCase', () => {
  it.each([
    ['bali', 'BALI'],
    ['Denpasar 2026', 'DENPASAR 2026'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%o → %o', (input, expected) => {
    expect(toUpperCase(input)).toBe(expected);
  });
});
