import { describe, expect, it } from 'vitest';
import {
  flightDurationMinutes,
  formatFlightDuration,
  isArrivalAfterDeparture,
} from './flightDuration';

describe('flightDurationMinutes', () => {
  it('counts the minutes between two times in the same zone', () => {
    // Singapore → Bali, both UTC+8.
    expect(flightDurationMinutes('2026-12-20T08:30:00+08:00', '2026-12-20T11:15:00+08:00')).toBe(
      165,
    );
  });

  it('compares instants, not wall clocks, when the offsets differ', () => {
    // 22:00 at UTC+1 is 21:00Z; 06:10 next day at UTC+7 is 23:10Z.
    expect(flightDurationMinutes('2026-12-20T22:00:00+01:00', '2026-12-21T06:10:00+07:00')).toBe(
      130,
    );
    // Westward: the arrival's wall clock is earlier than the departure's.
    expect(flightDurationMinutes('2026-12-20T10:00:00+09:00', '2026-12-20T09:30:00-05:00')).toBe(
      810,
    );
    expect(flightDurationMinutes('2026-12-20T08:00:00Z', '2026-12-20T10:05:00+02:00')).toBe(5);
  });

  it('rounds seconds to the nearest minute', () => {
    expect(flightDurationMinutes('2026-12-20T08:00:00Z', '2026-12-20T08:10:29Z')).toBe(10);
    expect(flightDurationMinutes('2026-12-20T08:00:00Z', '2026-12-20T08:10:30Z')).toBe(11);
  });

  it('gives null for a time it cannot read', () => {
    expect(flightDurationMinutes('soon', '2026-12-20T08:00:00Z')).toBeNull();
    expect(flightDurationMinutes('2026-12-20T08:00:00Z', '')).toBeNull();
  });
});

describe('isArrivalAfterDeparture', () => {
  it('is true only when the arrival instant is later', () => {
    expect(isArrivalAfterDeparture('2026-12-20T22:00:00+01:00', '2026-12-21T06:10:00+07:00')).toBe(
      true,
    );
    // Same instant written in two zones.
    expect(isArrivalAfterDeparture('2026-12-20T08:00:00Z', '2026-12-20T16:00:00+08:00')).toBe(
      false,
    );
    // A later wall clock that is an earlier instant.
    expect(isArrivalAfterDeparture('2026-12-20T08:00:00Z', '2026-12-20T10:00:00+08:00')).toBe(
      false,
    );
    expect(isArrivalAfterDeparture('2026-12-20T08:00:00Z', 'later')).toBe(false);
  });
});

describe('formatFlightDuration', () => {
  it.each([
    [165, '2h 45m'],
    [130, '2h 10m'],
    [180, '3h'],
    [50, '50m'],
    [0, '0m'],
    [1565, '26h 5m'],
  ])('shows %i minutes as %s', (minutes, text) => {
    expect(formatFlightDuration(minutes)).toBe(text);
  });

  it('shows nothing for a negative or missing duration', () => {
    expect(formatFlightDuration(-5)).toBe('');
    expect(formatFlightDuration(null)).toBe('');
    expect(formatFlightDuration(Number.NaN)).toBe('');
  });
});
