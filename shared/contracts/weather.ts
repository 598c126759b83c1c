import { z } from 'zod';
import type { SharedFeature } from '../featureContract';
import { hasControlCharacters } from '../text';
import { text } from './text';

export const WEATHER_UNITS = ['metric', 'imperial'] as const;
export type WeatherUnits = (typeof WEATHER_UNITS)[number];

// spec §9: with no destination the widget asks for Denpasar; metric by default.
export const DEFAULT_WEATHER_CITY = 'Denpasar';
// As long as a trip's destination can be: the widget asks for the destination.
export const WEATHER_CITY_MAX = 120;

const city = text('Please name a city')
  .trim()
  .min(1, 'Please name a city')
  .max(WEATHER_CITY_MAX, `City names are at most ${WEATHER_CITY_MAX} characters`)
  .refine(
    (value) => !hasControlCharacters(value),
    'The city name has a character that is not allowed',
  );

/** `GET /api/weather` and `/api/weather/forecast` (spec §7). */
export const weatherQuery = z.object({
  city,
  units: z.enum(WEATHER_UNITS, { error: 'Units must be metric or imperial' }).default('metric'),
});
export type WeatherQuery = z.input<typeof weatherQuery>;

/**
 * spec §3: the current-weather fields the widget reads. `weather[0].id` is an OpenWeather
 * condition id (other providers are mapped onto them) for the spec's icon table; wind speed is in
 * m/s for metric and mph for imperial, as OpenWeather gives it.
 */
export const currentWeather = z.object({
  name: z.string(),
  weather: z.array(z.object({ id: z.number().int(), description: z.string() })).min(1),
  main: z.object({ temp: z.number(), humidity: z.number(), feels_like: z.number() }),
  wind: z.object({ speed: z.number() }),
});
export type CurrentWeather = z.infer<typeof currentWeather>;

/**
 * spec §3: `forecasts[]` with date, temp and icon, one per day from today. `icon` holds the day's
 * OpenWeather condition id (the client draws it with the spec's icon table); `temp` is the day's
 * high.
 */
export const weatherForecast = z.object({
  forecasts: z.array(
    z.object({
      /** Calendar day at the place, `YYYY-MM-DD`. */
      date: z.string(),
      temp: z.number(),
      icon: z.number().int(),
    }),
  ),
});
export type WeatherForecast = z.infer<typeof weatherForecast>;

/** What the weather adds to the shared lists (shared/contracts/features.ts). */
export const weatherShared = {
  widgets: { weather: { width: 250, height: 290, loadedWidth: 300 } },
} as const satisfies SharedFeature;
