import {
  formatLongDay,
  formatMonthDay,
  offsetLabel,
  parseOffset,
  readWrittenTime,
} from '../../../shared/calendar';

/*
 * A flight time is an ISO 8601 string with its airport's UTC offset ("2026-12-20T08:30:00+08:00",
 * issue #5): the airport's local time, as it was entered. Cards show it as written, never through
 * the viewer's zone.
 */

/** A flight time in its airport's local time, 24-hour: "Dec 20, 08:30"; '' when unreadable. */
export function formatFlightTime(value: string): string {
  const written = readWrittenTime(value);
  return written ? `${formatMonthDay(written.date)}, ${written.time}` : '';
}

/** The long form, for a tooltip: "Sun, Dec 20, 2026, 08:30 (UTC+08:00)"; '' when unreadable. */
export function formatFlightTimeLong(value: string): string {
  const written = readWrittenTime(value);
  if (!written) return '';
  const offset = offsetLabel(parseOffset(written.offset) ?? 0);
  return `${formatLongDay(written.date)}, ${written.time} (${offset})`;
}
