import { describe, expect, it } from 'vitest';
import { formatFlightTime, formatFlightTimeLong } from './flightTime';

describe('formatFlightTime', () => {
  it("shows the airport's local day and time, whatever the viewer's zone", () => {
    expect(formatFlightTime('2026-12-20T08:30:00+08:00')).toBe('Dec 20, 08:30');
    expect(formatFlightTime('2026-12-20T23:45:00-03:30')).toBe('Dec 20, 23:45');
    expect(formatFlightTime('2027-01-01T00:05:00+14:00')).toBe('Jan 1, 00:05');
  });

  it('gives an empty string for what it cannot read', () => {
    expect(formatFlightTime('soon')).toBe('');
    expect(formatFlightTime('2026-02-30T08:30:00+08:00')).toBe('');
  });

  it('has a long form with the weekday, year and offset', () => {
    expect(formatFlightTimeLong('2026-12-20T08:30:00+08:00')).toBe(
      'Sun, Dec 20, 2026, 08:30 (UTC+08:00)',
    );
    expect(formatFlightTimeLong('2026-12-20T08:30:00-03:30')).toBe(
      'Sun, Dec 20, 2026, 08:30 (UTC−03:30)',
    );
  });
});
