// Flight times are ISO 8601 date-times that carry their own offset ("2026-12-20T08:30:00+08:00",
// issue #5), so each reads in its airport's local time while the instants still compare: this
// file is zod-free because the flight widget uses it too.

const MINUTE = 60_000;

/** The instant of an ISO 8601 date-time with an offset, in ms; null when it cannot be read. */
function instant(value: string): number | null {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Whether the arrival instant is strictly after the departure instant (both must be readable). */
export function isArrivalAfterDeparture(departureTime: string, arrivalTime: string): boolean {
  const departure = instant(departureTime);
  const arrival = instant(arrivalTime);
  return departure !== null && arrival !== null && arrival > departure;
}

/**
 * Minutes in the air (and on the ground at stops) from departure to arrival, to the nearest
 * minute, whatever the two offsets; null when either time cannot be read.
 */
export function flightDurationMinutes(departureTime: string, arrivalTime: string): number | null {
  const departure = instant(departureTime);
  const arrival = instant(arrivalTime);
  if (departure === null || arrival === null) return null;
  return Math.round((arrival - departure) / MINUTE);
}

/**
 * spec §3 Flight.duration as the widget shows it: "2h 45m", "3h", "50m". Hours are not rolled
 * into days (a long-haul trip with stops reads "26h 5m"). A negative or unreadable duration
 * gives an empty string rather than nonsense.
 */
export function formatFlightDuration(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes) || minutes < 0) return '';
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}
