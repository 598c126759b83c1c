import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('shows a date-only string as that calendar day, whatever the time zone', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2027-01-01')).toBe('Jan 1, 2027');
    expect(formatDate('2028-02-29')).toBe('Feb 29, 2028');
  });

  it('shows a date-time in the local zone, in en-US short form', () => {
    // Noon local time is the same calendar day in the local zone by construction.
    const localNoon = new Date(2026, 4, 13, 12, 0, 0);
    expect(formatDate(localNoon)).toBe('May 13, 2026');
    expect(formatDate(localNoon.getTime())).toBe('May 13, 2026');
    expect(formatDate(localNoon.toISOString())).toBe('May 13, 2026');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate('2026-02-30T25:00:00Z')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('2026-13-01')).toBe('');
  });
});
