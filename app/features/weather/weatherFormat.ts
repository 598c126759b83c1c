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
