import {
  daysBetween,
  formatRecentDate,
  isDay,
  localDayOf,
  viewerTimeZone,
  zonedIso,
} from '../../../shared/calendar';
import { priorityForDueDate, type TodoPriority } from '../../../shared/todoPriority';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The due date sent for a calendar day: local noon of that day, as an ISO date-time with the
 * local offset ("2026-12-20T12:00:00+08:00"). Noon rather than the end of the day because the
 * group may be spread over time zones and every member sees the date in their own zone: noon is
 * the same calendar day everywhere within 12 hours of the writer, where 23:59 would already be
 * the next day for anyone east of them. Noon is also never skipped or repeated by a daylight
 * saving change, which happen at night. null for an empty (or impossible) day: no due date.
 */
export function dueDateForDay(value: string): string | null {
  const noon = zonedIso({ date: value, time: '12:00' }, viewerTimeZone());
  return 'iso' in noon ? noon.iso : null;
}

/** Whole calendar days from today to the picked day (negative in the past), or null. */
export function daysUntilDay(value: string, now: Date = new Date()): number | null {
  return isDay(value) ? daysBetween(localDayOf(now), value) : null;
}

/**
 * The automatic priority (spec §5) for a day picked in the form. The form thinks in calendar
 * days, so the shared rule is applied to whole days from today: the default, 7 days from now,
 * is medium as the spec says, whatever the hour (the instant sent, local noon, may be a few hours
 * more or less than 7 × 24 h away). No day: medium, the form's default.
 */
export function priorityForDay(value: string, now: Date = new Date()): TodoPriority {
  const days = daysUntilDay(value, now);
  if (days === null) return 'medium';
  return priorityForDueDate(new Date(now.getTime() + days * DAY_MS), now);
}

/**
 * A task's due date for the list, in the viewer's time zone: "Dec 20" this year, with the year
 * ("Jan 3, 2027") otherwise, so a date a year away is not mistaken for a close one.
 */
export const formatDueDate = formatRecentDate;

/** Up to two letters for an avatar: "Ana Lima" → "AL", "ana" → "A". */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}
