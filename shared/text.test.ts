import { describe, expect, it } from 'vitest';
import { hasControlCharacters, toUpperCase } from './text';

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

describe('hasControlCharacters', () => {
  it('finds C0 controls and DEL, and nothing in ordinary text', () => {
    expect(hasControlCharacters('Den\npasar')).toBe(true);
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('x\u007f')).toBe(true);
    expect(hasControlCharacters('São Paulo, Brasil — ☀️')).toBe(false);
  });
});
