import type { z } from 'zod';
import type {
  CurrentWeather,
  WeatherForecast,
  WeatherUnits,
} from '../../../shared/contracts/weather';
import { UpstreamError } from '../../platform/upstream';

/**
 * One weather source, already normalised to the spec's shapes. `null` means the source knows no
 * such place (a 404 for the person); every other failure is an UpstreamError (a 502).
 */
export type WeatherProvider = {
  readonly name: 'open-meteo' | 'openweather';
  current(city: string, units: WeatherUnits): Promise<CurrentWeather | null>;
  forecast(city: string, units: WeatherUnits): Promise<WeatherForecast | null>;
};

export type ProviderOptions = {
  /** The upstream time limit; upstream.ts's 5 s unless a test needs a quicker one. */
  timeoutMs?: number;
};

// Issue #6 asks Open-Meteo for five days; OpenWeather's 5-day/3-hour list is cut to match.
export const FORECAST_DAYS = 5;

/**
 * Reads an upstream answer through `schema`. Only the fields we use are checked, so a provider
 * adding fields changes nothing, and one dropping them is a clean 502 rather than a 500.
 */
export function parseUpstream<S extends z.ZodType>(
  service: string,
  schema: S,
  answer: unknown,
): z.output<S> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new UpstreamError(service, 'malformed');
  return parsed.data;
}
