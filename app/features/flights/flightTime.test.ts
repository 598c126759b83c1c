import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserUtcOffset,
  formatFlightTime,
  formatFlightTimeLong,
  formatUtcOffset,
  joinFlightTime,
  parseUtcOffset,
  splitFlightTime,
  UTC_OFFSET_MINUTES,
  utcOffsetLabel,
  utcOffsetOptions,
} from './flightTime';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('UTC offsets', () => {
  it('writes minutes east of UTC as ±HH:MM', () => {
    expect(formatUtcOffset(480)).toBe('+08:00');
    expect(formatUtcOffset(-210)).toBe('-03:30');
    expect(formatUtcOffset(345)).toBe('+05:45');
    expect(formatUtcOffset(-720)).toBe('-12:00');
    expect(formatUtcOffset(0)).toBe('+00:00');
  });

  it('reads ±HH:MM back, and nothing else', () => {
    expect(parseUtcOffset('+08:00')).toBe(480);
    expect(parseUtcOffset('-03:30')).toBe(-210);
    expect(parseUtcOffset('+00:00')).toBe(0);
    expect(parseUtcOffset('Z')).toBeNull();
    expect(parseUtcOffset('+0800')).toBeNull();
    expect(parseUtcOffset('')).toBeNull();
  });

  it('labels an offset for people, with a real minus sign', () => {
    expect(utcOffsetLabel('+05:30')).toBe('+05:30');
    expect(utcOffsetLabel('-09:30')).toBe('−09:30');
  });

  it('lists −12:00 to +14:00 west to east, with the half- and quarter-hour ones', () => {
    const options = utcOffsetOptions();
    expect(options[0]).toBe('-12:00');
    expect(options.at(-1)).toBe('+14:00');
    expect(options).toEqual(expect.arrayContaining(['-03:30', '+05:30', '+05:45', '+12:45']));
    expect(options).toHaveLength(UTC_OFFSET_MINUTES.length);
    expect([...options].sort((a, b) => parseUtcOffset(a)! - parseUtcOffset(b)!)).toEqual(options);
  });

  it('adds an unusual offset it is given, in its place, once', () => {
    const options = utcOffsetOptions('+05:20', '+08:00', 'nonsense');
    expect(options).toHaveLength(UTC_OFFSET_MINUTES.length + 1);
    expect(options.indexOf('+05:20')).toBe(options.indexOf('+05:00') + 1);
  });

  it("defaults to the browser's own offset, counted east of UTC", () => {
    // getTimezoneOffset counts west: Bali (UTC+8) reports −480, New York in winter 300.
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    expect(browserUtcOffset()).toBe('+08:00');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    expect(browserUtcOffset()).toBe('-05:00');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-345);
    expect(browserUtcOffset()).toBe('+05:45');
  });
});

describe('splitFlightTime', () => {
  it('gives the day, time and offset written in the string, not converted', () => {
    expect(splitFlightTime('2026-12-20T08:30:00+08:00')).toEqual({
      date: '2026-12-20',
      time: '08:30',
      offset: '+08:00',
    });
    // Late in the evening west of UTC: already the next day in UTC, still the 20th locally.
    expect(splitFlightTime('2026-12-20T23:45:00-03:30')).toEqual({
      date: '2026-12-20',
      time: '23:45',
      offset: '-03:30',
    });
  });

  it('reads Z as +00:00 and drops seconds and fractions', () => {
    expect(splitFlightTime('2026-12-20T08:30:59.123Z')).toEqual({
      date: '2026-12-20',
      time: '08:30',
      offset: '+00:00',
    });
  });

  it('gives null for anything that is not a flight time', () => {
    expect(splitFlightTime('2026-12-20T08:30:00')).toBeNull();
    expect(splitFlightTime('2026-12-20')).toBeNull();
    expect(splitFlightTime('')).toBeNull();
  });
});

describe('joinFlightTime', () => {
  it('writes the ISO string the API takes', () => {
    expect(joinFlightTime({ date: '2026-12-20', time: '08:30', offset: '+08:00' })).toBe(
      '2026-12-20T08:30:00+08:00',
    );
    expect(joinFlightTime({ date: '2027-01-03', time: '18:05', offset: '-03:30' })).toBe(
      '2027-01-03T18:05:00-03:30',
    );
  });

  it('gives an empty string while the day or the time is missing', () => {
    expect(joinFlightTime({ date: '', time: '08:30', offset: '+08:00' })).toBe('');
    expect(joinFlightTime({ date: '2026-12-20', time: '', offset: '+08:00' })).toBe('');
  });

  it('round-trips with splitFlightTime', () => {
    const value = '2026-12-20T08:30:00+05:45';
    expect(joinFlightTime(splitFlightTime(value)!)).toBe(value);
  });
});

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
