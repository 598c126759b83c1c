import { describe, expect, it } from 'vitest';
import { addDays, dayOf } from './calendar';

describe('calendar days', () => {
  it('names the UTC day of a time', () => {
    expect(dayOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(dayOf(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });

  it('counts days across month and leap-year ends, both ways', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
  });
});
