import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZoneCase,
  dayOf,
  daysBetween,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatLongDay,
  formatMonthDay,
  formatOffset,
  formatRecentDate,
  formatWeekday,
  instantAt,
  isDay,
  isTimeZone,
  localDayOf,
  offsetAt,
  offsetLabel,
  parseOffset,
  readWrittenTime,
  startOfLocalDay,
  timeZoneLabel,
  timeZoneNames,
  tripDays,
  wallTimeAt,
  zonedIso,
} from './calendar';

const iso = (instant: number) => new Date(instant).toISOString();

describe('days', () => {
  it('names the UTC day of a time', () => {
    expect(dayOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(dayOf(Date.parse('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });

  it('counts days across month and leap-year ends, both ways', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
    expect(daysBetween('2026-12-20', '2027-01-03')).toBe(14);
    expect(daysBetween('2026-03-01', '2026-02-22')).toBe(-7);
  });

  it('knows a real day from one an engine would roll over', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay(20261220)).toBe(false);
  });

  it("lists a trip's days, first to last", () => {
    expect(tripDays('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(tripDays('2026-12-20', '2026-12-20')).toEqual(['2026-12-20']);
    expect(tripDays('2026-12-20', '2026-12-19')).toEqual([]);
    expect(tripDays('2026-02-30', '2026-03-02')).toEqual([]);
    expect(tripDays('2026-01-01', '2036-01-01')).toHaveLength(366);
  });

  it("reads the viewer's own day and midnight", () => {
    const localNoon = new Date(2026, 11, 20, 12, 0);
    expect(localDayOf(localNoon)).toBe('2026-12-20');
    expect(startOfLocalDay('2026-12-20')?.getTime()).toBe(new Date(2026, 11, 20).getTime());
    expect(startOfLocalDay('2026-02-30')).toBeNull();
    expect(startOfLocalDay(20261220)).toBeNull();
  });
});

describe('zones', () => {
  it('knows the zones Intl knows, and nothing else', () => {
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('+08:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/Lisbon; DROP TABLE trips')).toBe(false);
    expect(timeZoneNames()).toContain('Europe/Lisbon');
    expect(canonicalTimeZoneCase('europe/lisbon')).toBe('Europe/Lisbon');
  });

  it('writes and reads offsets, east of UTC positive', () => {
    expect(formatOffset(480)).toBe('+08:00');
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(345)).toBe('+05:45');
    expect(formatOffset(0)).toBe('+00:00');
    expect(parseOffset('-03:30')).toBe(-210);
    expect(parseOffset('Z')).toBeNull();
    expect(offsetLabel(-570)).toBe('UTC−09:30');
    expect(offsetLabel(0)).toBe('UTC+00:00');
  });

  it('gives the offset in force at an instant, daylight saving included', () => {
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Lisbon')).toBe(0);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Lisbon')).toBe(60);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'America/St_Johns')).toBe(-150);
    expect(offsetAt(0, '+08:00')).toBe(480);
    expect(() => offsetAt(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('labels a zone with its offset at the moment', () => {
    expect(timeZoneLabel('Europe/Lisbon', Date.parse('2026-07-15T12:00:00Z'))).toBe(
      'Europe/Lisbon (UTC+01:00)',
    );
    expect(timeZoneLabel('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe(
      'America/New_York (UTC−05:00)',
    );
  });
});

describe('wall times and instants', () => {
  it('turns a wall time into its instant and back', () => {
    const found = instantAt({ date: '2026-12-20', time: '08:30' }, 'Asia/Makassar');
    expect(found).toEqual({
      status: 'ok',
      instant: Date.parse('2026-12-20T00:30:00Z'),
      offset: 480,
      repeated: false,
    });
    expect(wallTimeAt(Date.parse('2026-12-20T00:30:00Z'), 'Asia/Makassar')).toEqual({
      date: '2026-12-20',
      time: '08:30',
    });
  });

  it('crosses midnight east of UTC: an early morning there is the evening before in UTC', () => {
    const found = instantAt({ date: '2027-01-01', time: '00:05' }, 'Pacific/Kiritimati');
    expect(found.status === 'ok' && iso(found.instant)).toBe('2026-12-31T10:05:00.000Z');
    expect(zonedIso({ date: '2027-01-01', time: '00:05' }, 'Pacific/Kiritimati')).toEqual({
      iso: '2027-01-01T00:05:00+14:00',
    });
    const tokyo = instantAt({ date: '2026-12-21', time: '07:00' }, 'Asia/Tokyo');
    expect(tokyo.status === 'ok' && dayOf(tokyo.instant)).toBe('2026-12-20');
    expect(wallTimeAt(Date.parse('2026-12-20T22:00:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-12-21',
      time: '07:00',
    });
  });

  it('finds no instant for a time the clocks skip (Lisbon, last Sunday of March)', () => {
    // 2027-03-28: at 01:00 WET the clocks go to 02:00 WEST.
    expect(instantAt({ date: '2027-03-28', time: '01:30' }, 'Europe/Lisbon')).toEqual({
      status: 'skipped',
    });
    expect(zonedIso({ date: '2027-03-28', time: '01:30' }, 'Europe/Lisbon')).toEqual({
      status: 'skipped',
    });
    const before = instantAt({ date: '2027-03-28', time: '00:59' }, 'Europe/Lisbon');
    const after = instantAt({ date: '2027-03-28', time: '02:00' }, 'Europe/Lisbon');
    expect(before.status === 'ok' && iso(before.instant)).toBe('2027-03-28T00:59:00.000Z');
    expect(after.status === 'ok' && iso(after.instant)).toBe('2027-03-28T01:00:00.000Z');
  });

  it('takes the first of a time the clocks pass twice (Lisbon, last Sunday of October)', () => {
    // 2026-10-25: at 02:00 WEST the clocks go back to 01:00 WET.
    const wall = { date: '2026-10-25', time: '01:30' };
    const first = instantAt(wall, 'Europe/Lisbon');
    expect(first).toEqual({
      status: 'ok',
      instant: Date.parse('2026-10-25T00:30:00Z'),
      offset: 60,
      repeated: true,
    });
    const second = instantAt(wall, 'Europe/Lisbon', { later: true });
    expect(second.status === 'ok' && iso(second.instant)).toBe('2026-10-25T01:30:00.000Z');
    expect(zonedIso(wall, 'Europe/Lisbon')).toEqual({ iso: '2026-10-25T01:30:00+01:00' });
    // Either way the wall clock there reads 01:30.
    expect(wallTimeAt(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Lisbon').time).toBe('01:30');
  });

  it('uses a fixed offset as it is, and refuses what is not a wall time or a zone', () => {
    expect(zonedIso({ date: '2026-12-20', time: '08:30' }, '+05:45')).toEqual({
      iso: '2026-12-20T08:30:00+05:45',
    });
    expect(instantAt({ date: '2026-02-30', time: '08:30' }, 'UTC')).toEqual({
      status: 'invalid',
    });
    expect(instantAt({ date: '2026-12-20', time: '24:00' }, 'UTC')).toEqual({
      status: 'invalid',
    });
    expect(instantAt({ date: '2026-12-20', time: '08:30' }, 'Mars/Olympus_Mons')).toEqual({
      status: 'invalid',
    });
  });

  it('reads the wall time written in an ISO date-time, not converted', () => {
    expect(readWrittenTime('2026-12-20T23:45:00-03:30')).toEqual({
      date: '2026-12-20',
      time: '23:45',
      offset: '-03:30',
    });
    expect(readWrittenTime('2026-12-20T08:30:59.123Z')).toEqual({
      date: '2026-12-20',
      time: '08:30',
      offset: '+00:00',
    });
    expect(readWrittenTime('2026-12-20T08:30:00')).toBeNull();
    expect(readWrittenTime('2026-02-30T08:30:00+08:00')).toBeNull();
  });
});

describe('formatting', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('shows a day as that day in every zone', () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatMonthDay('2027-01-01')).toBe('Jan 1');
    expect(formatLongDay('2026-12-20')).toBe('Sun, Dec 20, 2026');
    expect(formatWeekday('2026-12-21')).toBe('Mon');
    expect(formatDayRange('2026-12-20', '2027-01-03')).toBe('Dec 20 – Jan 3');
    expect(formatDayRange('2026-12-20', '2026-12-20')).toBe('Dec 20');
  });

  it('shows an instant in the viewer’s zone', () => {
    const localNoon = new Date(2026, 4, 13, 12, 0, 0);
    expect(formatDate(localNoon.toISOString())).toBe('May 13, 2026');
    expect(formatDateTime(localNoon)).toBe('May 13, 2026, 12:00 PM');
    expect(formatDateTime(new Date(2026, 10, 22, 15, 4).toISOString())).toBe(
      'Nov 22, 2026, 3:04 PM',
    );
    const now = new Date(2026, 4, 20);
    expect(formatRecentDate(localNoon, now)).toBe('May 13');
    expect(formatRecentDate(new Date(2027, 0, 3, 12), now)).toBe('Jan 3, 2027');
  });

  it("gives '' for what it cannot read", () => {
    for (const value of ['not a date', '2026-02-30', '2026-13-01', '2026-02-30T25:00:00Z']) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatMonthDay('soon')).toBe('');
    expect(formatWeekday('2026-02-30')).toBe('');
    expect(formatDayRange('2026-12-20', 'later')).toBe('');
  });
});
