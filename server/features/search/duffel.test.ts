import { describe, expect, it } from 'vitest';
import { withOffset } from './duffel';

describe('withOffset', () => {
  it('gives a local time its airport’s offset, daylight saving included', () => {
    expect(withOffset('2026-12-20T08:30:00', 'Asia/Makassar')).toBe('2026-12-20T08:30:00+08:00');
    expect(withOffset('2026-07-01T09:00:00', 'Europe/London')).toBe('2026-07-01T09:00:00+01:00');
    expect(withOffset('2026-12-01T09:00:00', 'Europe/London')).toBe('2026-12-01T09:00:00+00:00');
    expect(withOffset('2026-12-01T09:00:00', 'Asia/Kolkata')).toBe('2026-12-01T09:00:00+05:30');
    expect(withOffset('2026-12-01T09:00:00', 'America/New_York')).toBe('2026-12-01T09:00:00-05:00');
  });

  it('takes a time without a known zone as UTC', () => {
    expect(withOffset('2026-12-20T08:30:00', null)).toBe('2026-12-20T08:30:00Z');
    expect(withOffset('2026-12-20T08:30:00', 'Mars/Olympus_Mons')).toBe('2026-12-20T08:30:00Z');
  });
});
