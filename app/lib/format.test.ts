import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows the en-US date, then the time of day', () => {
    const value = new Date(2026, 10, 22, 15, 4);
    expect(formatDateTime(value)).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDateTime(value.toISOString())).toBe('Nov 22, 2026, 3:04 PM');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('yesterday-ish')).toBe('');
  });
});
