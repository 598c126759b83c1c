import { describe, expect, it } from 'vitest';
import { getCountdown } from './countdown';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('getCountdown', () => {
  it('splits the time left into days, hours, minutes and seconds, rounding down', () => {
    const target = new Date(now.getTime() + ((((1 * 24 + 2) * 60 + 3) * 60 + 4) * 1000 + 999));
    expect(getCountdown(target, now)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
      isExpired: false,
    });
  });

  it('counts whole days beyond a month', () => {
    expect(getCountdown('2026-12-22T12:00:00.000Z', now)).toMatchObject({ days: 30, hours: 0 });
  });

  it('accepts an ISO string and a timestamp', () => {
    expect(getCountdown('2026-11-22T12:00:59.000Z', now)).toMatchObject({ seconds: 59 });
    expect(getCountdown(now.getTime() + 60_000, now)).toMatchObject({ minutes: 1, seconds: 0 });
  });

  it('has one second left a second before', () => {
    expect(getCountdown(new Date(now.getTime() + 1000), now)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      isExpired: false,
    });
  });

  it.each([
    ['exactly now', now],
    ['a past date', '2026-11-21T12:00:00.000Z'],
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['an unparseable date', 'not a date'],
  ])('is expired with all zeros for %s', (_name, target) => {
    expect(getCountdown(target, now)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      isExpired: true,
    });
  });
});
