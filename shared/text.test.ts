import { describe, expect, it } from 'vitest';
import { hasControlCharacters, listNames, toUpperCase } from './text';

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

describe('listNames', () => {
  it('joins names the way a sentence lists them', () => {
    expect(listNames([])).toBe('');
    expect(listNames(['Ana'])).toBe('Ana');
    expect(listNames(['Ana', 'Bruno'])).toBe('Ana and Bruno');
    expect(listNames(['Ana', 'Bruno', 'Cleo'])).toBe('Ana, Bruno and Cleo');
  });
});
