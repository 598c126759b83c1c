import { describe, expect, it } from 'vitest';
import { isStorableText, JSON_MAX_DEPTH, jsonDataProblem, text, UNSTORABLE_TEXT } from './text';

describe('isStorableText', () => {
  it('takes any text PostgreSQL can store, emoji and accents included', () => {
    for (const value of ['', 'Bali 2023', 'São Paulo', 'Ubud 🌴', '\t tab and\nnewline', '𝄞'])
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
  });

  it('refuses NUL and lone surrogates, wherever they are', () => {
    for (const value of ['a\u0000b', '\u0000', '\ud800', 'x\ud83dy', '\udc00', 'ok\udfffok'])
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
  });
});

describe('text()', () => {
  it('refuses unstorable text with its message, and chains like a string', () => {
    const name = text('Name must be text').trim().max(5, 'Too long');
    expect(name.safeParse('  Ana ').data).toBe('Ana');
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT);
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name must be text');
    expect(name.safeParse('abcdefgh').error?.issues[0]?.message).toBe('Too long');
  });
});

describe('jsonDataProblem', () => {
  it('takes settings as widgets keep them', () => {
    expect(jsonDataProblem({ city: 'Denpasar', units: { temp: 'C' }, list: [1, 'two'] })).toBe(
      null,
    );
  });

  it('refuses unstorable keys and values, nested too', () => {
    expect(jsonDataProblem({ city: '\ud800' })).toBe(UNSTORABLE_TEXT);
    expect(jsonDataProblem({ 'a\u0000': 1 })).toBe(UNSTORABLE_TEXT);
    expect(jsonDataProblem({ list: [{ deep: ['x\u0000'] }] })).toBe(UNSTORABLE_TEXT);
  });

  it('refuses data nested deeper than the limit, even 5,000 levels, without overflowing', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 5000; i += 1) deep = { next: deep };
    expect(jsonDataProblem(deep)).toMatch(/at most 8 levels/);
    let justEnough: unknown = 'end';
    for (let i = 0; i < JSON_MAX_DEPTH; i += 1) justEnough = [justEnough];
    expect(jsonDataProblem(justEnough)).toBe(null);
  });
});
