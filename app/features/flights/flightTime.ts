/*
 * A flight time is an ISO 8601 string with its airport's UTC offset ("2026-12-20T08:30:00+08:00",
 * issue #5). The widget shows and edits it in that airport's local time, so everything here
 * reads and writes the string's own parts and never goes through the browser's time zone.
 */

/** What the flight form edits: a calendar day, a time of day and a UTC offset ("+08:00"). */
export type LocalFlightTime = { date: string; time: string; offset: string };

/**
 * The UTC offsets in use around the world, in minutes, from −12:00 to +14:00, including the
 * half- and quarter-hour ones (India +05:30, Nepal +05:45, Newfoundland −03:30, Chatham +12:45).
 */
export const UTC_OFFSET_MINUTES: readonly number[] = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120,
  180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765,
  780, 825, 840,
];

const OFFSET_PATTERN = /^([+-])(\d{2}):(\d{2})$/;
// The contract's times: date, hours and minutes, optional seconds and fraction, then Z or ±HH:MM.
const FLIGHT_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^\d{2}:\d{2}$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes east of UTC as the contract writes them: 480 → "+08:00", −210 → "-03:30", 0 → "+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(Math.round(minutes));
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** "+08:00" → 480; null for anything that is not ±HH:MM. */
export function parseUtcOffset(offset: string): number | null {
  const match = OFFSET_PATTERN.exec(offset);
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -total : total;
}

/**
 * How an offset reads in the picker, under its "UTC offset" label: "+08:00", "−03:30" (a real
 * minus sign, so it reads as one). Short, so it fits the picker on a 375 px screen.
 */
export function utcOffsetLabel(offset: string): string {
  return offset.replace('-', '−');
}

/** The browser's own offset right now (or at `at`), the form's default for a new flight. */
export function browserUtcOffset(at: Date = new Date()): string {
  // getTimezoneOffset counts minutes west of UTC; the contract counts east.
  return formatUtcOffset(-at.getTimezoneOffset());
}

/**
 * The offsets the picker lists, west to east: the usual ones plus any given (a stored flight's
 * or the browser's own, even an unusual one), so a prefilled value is always one of the options.
 */
export function utcOffsetOptions(...include: string[]): string[] {
  const minutes = new Set(UTC_OFFSET_MINUTES);
  for (const offset of include) {
    const value = parseUtcOffset(offset);
    if (value !== null) minutes.add(value);
  }
  return [...minutes].sort((a, b) => a - b).map(formatUtcOffset);
}

/**
 * The local day, time (to the minute) and offset written in a flight time, exactly as stored:
 * "2026-12-20T08:30:00+08:00" → { date: "2026-12-20", time: "08:30", offset: "+08:00" }. "Z" is
 * "+00:00". Null when the string is not a flight time.
 */
export function splitFlightTime(value: string): LocalFlightTime | null {
  const match = FLIGHT_TIME_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, date, time, zone] = match as unknown as [string, string, string, string];
  return { date, time, offset: zone.toUpperCase() === 'Z' ? '+00:00' : zone };
}

/**
 * The flight time the API takes for a local day, time and offset:
 * { "2026-12-20", "08:30", "+08:00" } → "2026-12-20T08:30:00+08:00". Empty when the day or the
 * time is missing or malformed, so the form can ask for them rather than send half a time.
 */
export function joinFlightTime({ date, time, offset }: LocalFlightTime): string {
  if (!DATE_PATTERN.test(date) || !TIME_PATTERN.test(time)) return '';
  return `${date}T${time}:00${offset}`;
}

// spec §9: dates in en-US. The day is formatted as a UTC calendar day, so no zone shifts it.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function calendarDay(date: string): Date | null {
  const day = new Date(`${date}T00:00:00Z`);
  // An impossible day ("2026-02-30") rolls over in engines; it is not a date to show.
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return null;
  return day;
}

/** A flight time in its airport's local time, 24-hour: "Dec 20, 08:30"; '' when unreadable. */
export function formatFlightTime(value: string): string {
  const parts = splitFlightTime(value);
  const day = parts && calendarDay(parts.date);
  if (!parts || !day) return '';
  return `${dayFormat.format(day)}, ${parts.time}`;
}

/** The long form, for a tooltip: "Sun, Dec 20, 2026, 08:30 (UTC+08:00)"; '' when unreadable. */
export function formatFlightTimeLong(value: string): string {
  const parts = splitFlightTime(value);
  const day = parts && calendarDay(parts.date);
  if (!parts || !day) return '';
  return `${longDayFormat.format(day)}, ${parts.time} (UTC${utcOffsetLabel(parts.offset)})`;
}
