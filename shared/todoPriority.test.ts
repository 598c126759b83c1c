import { describe, expect, it } from 'vitest';
import { defaultDueDate, isDueSoon, priorityForDueDate } from './todoPriority';

const now = new Date('2026-11-22T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(now.getTime() + ms);

describe('priorityForDueDate', () => {
  it.each([
    ['overdue', at(-DAY), 'high'],
    ['due now', at(0), 'high'],
    ['due in exactly 2 days', at(2 * DAY), 'high'],
    ['due in 2 days and 1 ms', at(2 * DAY + 1), 'medium'],
    ['due in exactly 7 days', at(7 * DAY), 'medium'],
    ['due in 7 days and 1 ms', at(7 * DAY + 1), 'low'],
    ['due in a month', at(30 * DAY), 'low'],
  ])('is %s → %s', (_name, due, expected) => {
    expect(priorityForDueDate(due, now)).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(priorityForDueDate('2026-11-23T12:00:00.000Z', now)).toBe('high');
  });

  it('falls back to medium, the form default, for an unparseable date', () => {
    expect(priorityForDueDate('soon', now)).toBe('medium');
  });
});

describe('isDueSoon', () => {
  it.each([
    [at(-DAY), true],
    [at(2 * DAY), true],
    [at(2 * DAY + 1), false],
    [null, false],
    [undefined, false],
    ['', false],
    ['not a date', false],
  ])('%s → %s', (due, expected) => {
    expect(isDueSoon(due, now)).toBe(expected);
  });
});

describe('defaultDueDate', () => {
  it('is 7 days from now', () => {
    expect(defaultDueDate(now).toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });
});
