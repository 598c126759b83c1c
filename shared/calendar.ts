/*
 * The one calendar of Tripmates (issue #37): plain days, a trip's days, time zones, and the dates
 * and times people read. Three kinds of value, never mixed up:
 *
 * - a **day**, `YYYY-MM-DD`: a calendar day with no zone (a trip's start, a forecast day), read
 *   and written through UTC so that no viewer's zone moves it;
 * - an **instant**: a Date, or ms since the epoch (when a to-do was added);
 * - a **wall time** in a zone, `{ date, time }` read on a clock at a place: a flight's departure
 *   at its airport. A zone is an IANA name ("Europe/Lisbon"), or a fixed offset ("+08:00") for
 *   what was stored with one and nothing more.
 *
 * Only `Intl` is used: it carries the browser's or Node's tz database, so nothing is shipped.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const OFFSET_PATTERN = /^([+-])(\d{2}):(\d{2})$/;

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

// ---- Days ----------------------------------------------------------------------------------

/** Whether `value` is a real calendar day, `YYYY-MM-DD` ("2026-02-30" is not: it would roll over). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1;
}

/** The day's midnight in UTC, in ms: the day as an instant, for day arithmetic only. */
export function dayStartUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export const dayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);

/** The viewer's own calendar day of an instant (what `<input type="date">` shows for it). */
export function localDayOf(at: Date | number = new Date()): string {
  const date = new Date(at);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after `day` (before it, for a negative count). */
export const addDays = (day: string, days: number) => dayOf(dayStartUtc(day) + days * DAY_MS);

/** Whole days from `from` to `to`: 1 from a day to the next, negative backwards. */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayStartUtc(to) - dayStartUtc(from)) / DAY_MS);

/** The start of a day in the viewer's zone (local midnight); null when it is not a real day. */
export function startOfLocalDay(day: unknown): Date | null {
  if (!isDay(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

// A trip of years would be a typing slip; its days are not worth a list of thousands.
const MAX_TRIP_DAYS = 366;

/** A trip's days, first to last inclusive; empty when they are not days or out of order. */
export function tripDays(startDate: string, endDate: string): string[] {
  if (!isDay(startDate) || !isDay(endDate)) return [];
  const count = daysBetween(startDate, endDate) + 1;
  if (count < 1) return [];
  return Array.from({ length: Math.min(count, MAX_TRIP_DAYS) }, (_, index) =>
    addDays(startDate, index),
  );
}

// ---- Zones and offsets ---------------------------------------------------------------------

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving the wall clock in `timeZone`; throws a RangeError for an unknown zone. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

// IANA names are letters, digits, "_", "-", "+" and "/"; the length bounds what is stored.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Whether `Intl` knows `name` as a time zone (an IANA name or an alias of one). */
export function isTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    wallClockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The viewer's own zone (the machine's, on the server). */
export const viewerTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zones this engine lists, A to Z (what a zone picker offers). */
export function timeZoneNames(): string[] {
  return [...Intl.supportedValuesOf('timeZone')].sort();
}

/**
 * A zone name as people typed it, in the letter case of the listed name ("europe/lisbon" →
 * "Europe/Lisbon"); as given when it is an alias the list does not carry.
 */
export function canonicalTimeZoneCase(name: string): string {
  const lower = name.toLowerCase();
  return Intl.supportedValuesOf('timeZone').find((zone) => zone.toLowerCase() === lower) ?? name;
}

/** Minutes east of UTC as ISO 8601 writes them: 480 → "+08:00", −210 → "-03:30", 0 → "+00:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(Math.round(minutes));
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** "+08:00" → 480; null for anything that is not ±HH:MM. */
export function parseOffset(offset: string): number | null {
  const match = OFFSET_PATTERN.exec(offset);
  if (!match) return null;
  const total = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -total : total;
}

/** An offset as people read it: "UTC+08:00", "UTC−03:30" (a real minus sign), "UTC+00:00". */
export function offsetLabel(minutes: number): string {
  return `UTC${formatOffset(minutes).replace('-', '−')}`;
}

/** The wall clock in `timeZone` at an instant, to the second, as ms on a UTC clock. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/**
 * Minutes east of UTC in `zone` at an instant: 60 in Lisbon in July, 0 in January; a fixed
 * offset ("+08:00") is itself. Throws a RangeError for a zone Intl does not know.
 */
export function offsetAt(at: Date | number, zone: string): number {
  const fixed = parseOffset(zone);
  if (fixed !== null) return fixed;
  const instant = new Date(at).getTime();
  // The wall clock is read to the second, so the instant is too.
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClockMs(wholeSecond, zone) - wholeSecond) / MINUTE_MS);
}

/** What a clock at a place reads: a day and a time of day, `HH:MM`. */
export type WallTime = { date: string; time: string };

/** The wall time in `zone` at an instant (to the minute). */
export function wallTimeAt(at: Date | number, zone: string): WallTime {
  const instant = new Date(at).getTime();
  const local = new Date(instant + offsetAt(instant, zone) * MINUTE_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Whether `value` is a time of day, `HH:MM` from 00:00 to 23:59. */
export const isTimeOfDay = (value: string) => TIME_PATTERN.test(value);

/**
 * A wall time in a zone as an instant. Daylight saving makes two cases: a time the clocks skip
 * (01:30 on the day Lisbon springs forward) is `skipped`, since no instant reads so; a time they
 * pass twice (01:30 on the day Lisbon falls back) is the first of the two unless `later`, and is
 * marked `repeated`.
 */
export type ZonedInstant =
  | { status: 'ok'; instant: number; offset: number; repeated: boolean }
  | { status: 'skipped' }
  | { status: 'invalid' };

export function instantAt(
  wall: WallTime,
  zone: string,
  { later = false }: { later?: boolean } = {},
): ZonedInstant {
  if (!isDay(wall.date) || !isTimeOfDay(wall.time)) return { status: 'invalid' };
  const asUtc = Date.parse(`${wall.date}T${wall.time}:00Z`);
  let candidates: number[];
  try {
    // Zones change offset at most once within a day's span: the offsets half a day either side
    // are the only ones this wall time can be in.
    candidates = [
      ...new Set([offsetAt(asUtc - DAY_MS / 2, zone), offsetAt(asUtc + DAY_MS / 2, zone)]),
    ];
  } catch {
    return { status: 'invalid' };
  }
  const matches = candidates
    .map((offset) => ({ offset, instant: asUtc - offset * MINUTE_MS }))
    .filter(({ offset, instant }) => offsetAt(instant, zone) === offset)
    .sort((a, b) => a.instant - b.instant);
  const chosen = later ? matches.at(-1) : matches[0];
  if (!chosen) return { status: 'skipped' };
  return { status: 'ok', ...chosen, repeated: matches.length > 1 };
}

/**
 * A wall time in a zone as ISO 8601 with the offset in force there then
 * ("2026-12-20T08:30:00+08:00"), or the reason there is none.
 */
export function zonedIso(
  wall: WallTime,
  zone: string,
): { iso: string } | { status: 'skipped' | 'invalid' } {
  const found = instantAt(wall, zone);
  if (found.status !== 'ok') return found;
  return { iso: `${wall.date}T${wall.time}:00${formatOffset(found.offset)}` };
}

/** An ISO 8601 date-time read as written: its own day, time (to the minute) and offset. */
export type WrittenTime = WallTime & { offset: string };

// Date, hours and minutes, optional seconds and fraction, then Z or ±HH:MM.
const OFFSET_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The wall time and offset written in an ISO 8601 date-time, not converted:
 * "2026-12-20T08:30:00+08:00" → { date: "2026-12-20", time: "08:30", offset: "+08:00" }. "Z" is
 * "+00:00". Null when it is not such a string or its day is not real.
 */
export function readWrittenTime(value: string): WrittenTime | null {
  const match = OFFSET_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, date, time, zone] = match as unknown as [string, string, string, string];
  if (!isDay(date) || !isTimeOfDay(time)) return null;
  return { date, time, offset: zone.toUpperCase() === 'Z' ? '+00:00' : zone };
}

// ---- What people read (spec §9: en-US, short month) ----------------------------------------

const DAY_OPTIONS = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const localDate = new Intl.DateTimeFormat('en-US', DAY_OPTIONS);
const utcDate = new Intl.DateTimeFormat('en-US', { ...DAY_OPTIONS, timeZone: 'UTC' });
const localMonthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const utcMonthDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const utcLongDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const utcWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const localTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function validDate(value: Date | string | number): Date | null {
  // Engines roll an impossible day over ("2026-02-30" → Mar 2): it is bad input, not a date.
  if (typeof value === 'string' && DAY_PATTERN.test(value) && !isDay(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date for display: "Nov 22, 2026". A day ("2026-11-22", like a trip's start) is shown as that
 * day in every zone; a date-time in the viewer's zone. Anything unreadable (an impossible day
 * too) gives '' rather than "Invalid Date".
 */
export function formatDate(value: Date | string | number): string {
  if (typeof value === 'string' && DAY_PATTERN.test(value)) {
    return isDay(value) ? utcDate.format(dayStartUtc(value)) : '';
  }
  const date = validDate(value);
  return date ? localDate.format(date) : '';
}

/** "Nov 22, 2026, 3:04 PM" in the viewer's zone; '' when unreadable. */
export function formatDateTime(value: Date | string | number): string {
  const date = validDate(value);
  return date ? `${localDate.format(date)}, ${localTime.format(date)}` : '';
}

/** "3:04 PM" in the viewer's zone; '' when unreadable. */
export function formatTimeOfDay(value: Date | string | number): string {
  const date = validDate(value);
  return date ? localTime.format(date) : '';
}

/**
 * An instant's day in the viewer's zone, without the year when it is `now`'s year ("Dec 20")
 * and with it otherwise ("Jan 3, 2027"), so a date a year off is not taken for a close one.
 */
export function formatRecentDate(value: Date | string | number, now: Date = new Date()): string {
  const date = validDate(value);
  if (!date) return '';
  return date.getFullYear() === now.getFullYear()
    ? localMonthDay.format(date)
    : localDate.format(date);
}

/** A day without its year: "Dec 20"; '' when it is not a day. */
export function formatMonthDay(day: string): string {
  return isDay(day) ? utcMonthDay.format(dayStartUtc(day)) : '';
}

/** A day with its weekday and year: "Sun, Dec 20, 2026"; '' when it is not a day. */
export function formatLongDay(day: string): string {
  return isDay(day) ? utcLongDay.format(dayStartUtc(day)) : '';
}

/** A day's short weekday: "Mon"; '' when it is not a day. */
export function formatWeekday(day: string): string {
  return isDay(day) ? utcWeekday.format(dayStartUtc(day)) : '';
}

/** Two days as a span: "Dec 20 – Jan 3"; one day alone when they are the same ("Dec 20"). */
export function formatDayRange(first: string, last: string): string {
  const from = formatMonthDay(first);
  const to = formatMonthDay(last);
  if (!from || !to) return '';
  return first === last ? from : `${from} – ${to}`;
}

/** A zone as a picker shows it: "Europe/Lisbon (UTC+01:00)", its offset at `at`. */
export function timeZoneLabel(zone: string, at: Date | number = Date.now()): string {
  try {
    return `${zone} (${offsetLabel(offsetAt(at, zone))})`;
  } catch {
    return zone;
  }
}
