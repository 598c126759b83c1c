// spec §9: metric units, temperatures in °C and wind in km/h.

/** A temperature as people read it: whole degrees ("30°C"). */
export function formatCelsius(temp: number): string {
  // Math.round(-0.4) is -0; nobody wants to read "-0°C".
  return `${Math.round(temp) || 0}°C`;
}

/** Metric answers give the wind in m/s (as OpenWeather does); people read km/h. */
export function formatWindKmh(metresPerSecond: number): string {
  return `${Math.round(metresPerSecond * 3.6)} km/h`;
}

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/**
 * The short weekday of a forecast day ("Mon"). The day is a calendar day at the place
 * (`YYYY-MM-DD`), so it is read in UTC: the same name in every viewer's time zone. Anything else
 * gives an empty string rather than "Invalid Date".
 */
export function formatWeekday(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return '';
  return weekday.format(day);
}
