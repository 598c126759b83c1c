import { formatDate } from '../../../shared/dates';
import { priorityForDueDate, type TodoPriority } from '../../../shared/todoPriority';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

/** A date input's value ("2026-12-20") for the local calendar day of `date`. */
export function dayInputValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The parts of a date input's value, or null when it is empty or not a real day. */
function parseDay(value: string): { year: number; month: number; day: number } | null {
  const match = DAY_VALUE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  // "2026-02-30" rolls over to March 2: not a day anyone picked.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The due date sent for a calendar day: local noon of that day, as an ISO date-time with the
 * local offset ("2026-12-20T12:00:00+08:00"). Noon rather than the end of the day because the
 * group may be spread over time zones and every member sees the date in their own zone: noon is
 * the same calendar day everywhere within 12 hours of the writer, where 23:59 would already be
 * the next day for anyone east of them. Noon is also never skipped or repeated by a daylight
 * saving change, which happen at night. null for an empty (or impossible) day: no due date.
 */
export function dueDateForDay(value: string): string | null {
  const parts = parseDay(value);
  if (!parts) return null;
  const noon = new Date(parts.year, parts.month - 1, parts.day, 12, 0, 0, 0);
  const offset = -noon.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${value}T12:00:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Whole calendar days from today to the picked day (negative in the past), or null. */
export function daysUntilDay(value: string, now: Date = new Date()): number | null {
  const parts = parseDay(value);
  if (!parts) return null;
  const picked = Date.UTC(parts.year, parts.month - 1, parts.day);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((picked - today) / DAY_MS);
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

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * A task's due date for the list, in the viewer's time zone: "Dec 20" this year, with the year
 * ("Jan 3, 2027") otherwise, so a date a year away is not mistaken for a close one.
 */
export function formatDueDate(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.getFullYear() === now.getFullYear() ? monthDay.format(date) : formatDate(date);
}

/** Up to two letters for an avatar: "Ana Lima" → "AL", "ana" → "A". */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}
