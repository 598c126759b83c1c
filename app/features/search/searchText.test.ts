import { describe, expect, it } from 'vitest';
import { formatPrice, stopsLabel, timeAgo } from './searchText';

describe('search texts', () => {
  it('formats a price in its currency, and an unknown code plainly', () => {
    expect(formatPrice({ amount: '636.40', currency: 'USD' })).toMatch(/636\.40/);
    expect(formatPrice({ amount: '12.00', currency: 'XX1' })).toBe('12.00 XX1');
  });

  it('says how long ago a search ran', () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(timeAgo('2030-01-01T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2030-01-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2030-01-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2029-12-31T10:00:00Z', now)).toBe('yesterday');
  });

  it('counts stops', () => {
    expect([0, 1, 2].map(stopsLabel)).toEqual(['direct', '1 stop', '2 stops']);
  });
});
