import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  CurrentWeather,
  WeatherForecast,
  WeatherUnits,
  weatherQuery,
} from '../../../shared/contracts/weather';
import type { Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { TtlCache } from '../../platform/ttlCache';
import { UpstreamError } from '../../platform/upstream';
import { openMeteoProvider } from './openMeteo';
import { OPENWEATHER_SERVICE, openWeatherProvider } from './openWeather';
import type { ProviderOptions, WeatherProvider } from './provider';

type Query = z.output<typeof weatherQuery>;

// Issue #6: answers are kept for 10 minutes per provider, city and units.
export const WEATHER_CACHE_MS = 10 * 60_000;

export const WEATHER_UNAVAILABLE =
  'The weather service is not answering right now. Please try again in a few minutes.';

export function unknownCityMessage(city: string) {
  return `No weather found for "${city}". Check the spelling, or try a nearby larger city.`;
}

/** "  Denpasar ", "denpasar" and "DENPASAR" are one place to the cache. */
export function normaliseCity(city: string) {
  return city.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** OpenWeather when a key is configured, else Open-Meteo, which needs none. */
export function chooseProvider(
  settings: Config['weather'],
  options: ProviderOptions = {},
): WeatherProvider {
  const { openWeatherApiKey } = settings;
  return openWeatherApiKey
    ? openWeatherProvider({ ...settings, openWeatherApiKey }, options)
    : openMeteoProvider(settings, options);
}

/**
 * Current weather and forecasts for the routes, cached. A place the provider does not know is
 * cached too (as null: a 404 for 10 minutes), since asking again would give the same answer;
 * failures are not (TtlCache keeps none), so the next request tries upstream again.
 */
export function createWeatherService(
  settings: Config['weather'],
  options: ProviderOptions & { provider?: WeatherProvider } = {},
) {
  const provider = options.provider ?? chooseProvider(settings, options);
  const currentCache = new TtlCache<CurrentWeather | null>(WEATHER_CACHE_MS);
  const forecastCache = new TtlCache<WeatherForecast | null>(WEATHER_CACHE_MS);

  async function answer<T>(
    cache: TtlCache<T | null>,
    load: (city: string, units: WeatherUnits) => Promise<T | null>,
    { city, units }: Query,
    log: FastifyBaseLogger,
  ): Promise<T> {
    const key = `${provider.name}|${normaliseCity(city)}|${units}`;
    let found: T | null;
    try {
      found = await cache.get(key, () => load(city.trim(), units));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // The error's own words name the service and the failure, never the URL (and so the key).
      log.warn(
        {
          service: error.service,
          failure: error.failure,
          status: error.status,
          ...(error.service === OPENWEATHER_SERVICE &&
          (error.status === 401 || error.status === 403)
            ? { hint: 'OpenWeather refused the key: check OPENWEATHER_API_KEY' }
            : {}),
        },
        `Weather unavailable: ${error.message}`,
      );
      throw new HttpError('upstream_unavailable', WEATHER_UNAVAILABLE);
    }
    if (found === null) throw new HttpError('unknown_city', unknownCityMessage(city.trim()));
    return found;
  }

  return {
    provider: provider.name,
    current: (query: Query, log: FastifyBaseLogger) =>
      answer(currentCache, provider.current, query, log),
    forecast: (query: Query, log: FastifyBaseLogger) =>
      answer(forecastCache, provider.forecast, query, log),
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
