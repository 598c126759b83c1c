import { z } from 'zod';
import { dayOf } from '../../../shared/calendar';
import type {
  CurrentWeather,
  WeatherForecast,
  WeatherUnits,
} from '../../../shared/contracts/weather';
import type { Config } from '../../platform/config';
import { fetchUpstreamJson, UpstreamError } from '../../platform/upstream';
import {
  FORECAST_DAYS,
  type ProviderOptions,
  parseUpstream,
  type WeatherProvider,
} from './provider';

/** The name in logs and errors. */
export const OPENWEATHER_SERVICE = 'OpenWeather';

const condition = z.object({ id: z.number().int(), description: z.string() });

const currentAnswer = z.object({
  name: z.string(),
  weather: z.array(condition).min(1),
  main: z.object({ temp: z.number(), humidity: z.number(), feels_like: z.number() }),
  wind: z.object({ speed: z.number() }),
});

const forecastAnswer = z.object({
  list: z.array(
    z.object({
      /** Unix time, seconds, UTC. */
      dt: z.number(),
      main: z.object({ temp: z.number(), temp_max: z.number().optional() }),
      weather: z.array(condition.pick({ id: true })).min(1),
    }),
  ),
  /** `timezone`: the place's offset from UTC in seconds, to find its calendar days. */
  city: z.object({ timezone: z.number().optional() }).optional(),
});
type ForecastEntry = z.infer<typeof forecastAnswer>['list'][number];

const NOON_MINUTES = 12 * 60;

/**
 * OpenWeather's forecast comes in 3-hour steps: one day per calendar day at the place, whose high
 * is the warmest step's and whose icon is the step nearest midday (the first of two as near).
 */
export function groupIntoDays(
  list: ForecastEntry[],
  utcOffsetSeconds: number,
): WeatherForecast['forecasts'] {
  const days = new Map<string, { temp: number; icon: number; fromNoon: number }>();
  for (const entry of list) {
    const local = new Date((entry.dt + utcOffsetSeconds) * 1000);
    const date = dayOf(local);
    const fromNoon = Math.abs(local.getUTCHours() * 60 + local.getUTCMinutes() - NOON_MINUTES);
    const high = Math.max(entry.main.temp, entry.main.temp_max ?? entry.main.temp);
    const icon = entry.weather[0]!.id;
    const day = days.get(date);
    if (!day) {
      days.set(date, { temp: high, icon, fromNoon });
      continue;
    }
    day.temp = Math.max(day.temp, high);
    if (fromNoon < day.fromNoon) Object.assign(day, { icon, fromNoon });
  }
  return [...days]
    .map(([date, { temp, icon }]) => ({ date, temp, icon }))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, FORECAST_DAYS);
}

/**
 * OpenWeather (with OPENWEATHER_API_KEY): its answers already have the spec's fields; the forecast
 * is grouped into days. Its 404 means no such city.
 */
export function openWeatherProvider(
  settings: Pick<Config['weather'], 'openWeatherBaseUrl'> & { openWeatherApiKey: string },
  { timeoutMs }: ProviderOptions = {},
): WeatherProvider {
  /** The answer of `/weather` or `/forecast`, or null for OpenWeather's "city not found". */
  async function call(path: 'weather' | 'forecast', city: string, units: WeatherUnits) {
    const url = new URL(`${settings.openWeatherBaseUrl}/${path}`);
    url.searchParams.set('q', city);
    url.searchParams.set('units', units);
    // The key travels in the URL (OpenWeather's way): upstream.ts never logs or reports URLs.
    url.searchParams.set('appid', settings.openWeatherApiKey);
    try {
      return await fetchUpstreamJson(OPENWEATHER_SERVICE, url, { timeoutMs });
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    name: 'openweather',
    async current(city, units): Promise<CurrentWeather | null> {
      const raw = await call('weather', city, units);
      if (raw === null) return null;
      const answer = parseUpstream(OPENWEATHER_SERVICE, currentAnswer, raw);
      const first = answer.weather[0]!;
      return {
        // OpenWeather names some places with an empty string: show what was asked for instead.
        name: answer.name || city,
        weather: [{ id: first.id, description: first.description }],
        main: {
          temp: answer.main.temp,
          humidity: answer.main.humidity,
          feels_like: answer.main.feels_like,
        },
        wind: { speed: answer.wind.speed },
      };
    },
    async forecast(city, units): Promise<WeatherForecast | null> {
      const raw = await call('forecast', city, units);
      if (raw === null) return null;
      const answer = parseUpstream(OPENWEATHER_SERVICE, forecastAnswer, raw);
      return { forecasts: groupIntoDays(answer.list, answer.city?.timezone ?? 0) };
    },
  };
}
