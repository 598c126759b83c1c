import { describe, expect, it } from 'vitest';
import {
  daysUntilDay,
  dueDateForDay,
  formatDueDate,
  nameInitials,
  priorityForDay,
} from './todoDates';

// Local times throughout: the helpers work in the viewer's time zone, whatever the machine's.
const at = (month: number, day: number, hour = 10, year = 2026) =>
  new Date(year, month - 1, day, hour, 0, 0);

describe('dueDateForDay', () => {
  it('is local noon of the day, with the local offset', () => {
    const sent = dueDateForDay('2026-12-20');
    expect(sent).toMatch(/^2026-12-20T12:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(sent!)).toBe(at(12, 20, 12).getTime());
  });

  it('is null for no day or an impossible one', () => {
    expect(dueDateForDay('')).toBeNull();
    expect(dueDateForDay('2026-02-30')).toBeNull();
    expect(dueDateForDay('20-12-2026')).toBeNull();
  });
});

describe('daysUntilDay', () => {
  it('counts calendar days from today, whatever the hour', () => {
    expect(daysUntilDay('2026-12-20', at(12, 13, 0))).toBe(7);
    expect(daysUntilDay('2026-12-20', at(12, 13, 23))).toBe(7);
    expect(daysUntilDay('2026-12-13', at(12, 13))).toBe(0);
    expect(daysUntilDay('2026-12-10', at(12, 13))).toBe(-3);
    expect(daysUntilDay('', at(12, 13))).toBeNull();
  });

  it('counts across a month and a year', () => {
    expect(daysUntilDay('2027-01-02', at(12, 30))).toBe(3);
  });
});

describe('priorityForDay', () => {
  const now = at(12, 13, 21);

  it.each([
    ['2026-12-10', 'high'], // overdue
    ['2026-12-13', 'high'],
    ['2026-12-15', 'high'], // 2 days: high (spec §5)
    ['2026-12-16', 'medium'],
    ['2026-12-20', 'medium'], // 7 days, the default: medium
    ['2026-12-21', 'low'],
  ])('%s is %s', (day, priority) => {
    expect(priorityForDay(day, now)).toBe(priority);
  });

  it('is medium, the form default, without a day', () => {
    expect(priorityForDay('', now)).toBe('medium');
  });
});

describe('formatDueDate', () => {
  const now = at(6, 1);

  it('shows month and day for this year, and the year for another', () => {
    expect(formatDueDate(at(12, 20, 12).toISOString(), now)).toBe('Dec 20');
    expect(formatDueDate(at(1, 3, 12, 2027).toISOString(), now)).toBe('Jan 3, 2027');
  });

  it('is empty for a value that is not a date', () => {
    expect(formatDueDate('soon', now)).toBe('');
  });
});

describe('nameInitials', () => {
  it.each([
    ['Ana Lima', 'AL'],
    ['ana', 'A'],
    ['  maria de la cruz ', 'MC'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(nameInitials(name)).toBe(initials);
  });
});
