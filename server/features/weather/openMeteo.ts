import { z } from 'zod';
import type {
  CurrentWeather,
  WeatherForecast,
  WeatherUnits,
} from '../../../shared/contracts/weather';
import type { Config } from '../../platform/config';
import { TtlCache } from '../../platform/ttlCache';
import { fetchUpstreamJson } from '../../platform/upstream';
import {
  FORECAST_DAYS,
  type ProviderOptions,
  parseUpstream,
  type WeatherProvider,
} from './provider';
import { conditionForWmoCode } from './wmoCodes';

/** Names in logs and errors: which of the two calls failed. */
export const GEOCODING_SERVICE = 'Open-Meteo geocoding';
export const FORECAST_SERVICE = 'Open-Meteo forecast';
const REPORT_SHARED_MS = 30_000;

const place = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  country: z.string().optional(),
  country_code: z.string().optional(),
  admin1: z.string().optional(),
  admin2: z.string().optional(),
  /** The place's IANA zone ("Europe/Lisbon"), which trips take as theirs (issue #37). */
  timezone: z.string().optional(),
});
export type Place = z.infer<typeof place>;

// Open-Meteo leaves `results` out when nothing matches.
const geocodingAnswer = z.object({ results: z.array(place).optional() });

const isoDate = z.string().regex(/^\d{4}-\d\d-\d\d$/);

const forecastAnswer = z.object({
  current: z.object({
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    apparent_temperature: z.number(),
    // Missing model data comes as null: an unknown condition, not a broken answer.
    weather_code: z.number().nullable(),
    wind_speed_10m: z.number(),
  }),
  daily: z.object({
    time: z.array(isoDate),
    weather_code: z.array(z.number().nullable()),
    temperature_2m_max: z.array(z.number().nullable()),
  }),
});
type ForecastAnswer = z.infer<typeof forecastAnswer>;

type Report = { current: CurrentWeather; forecast: WeatherForecast };

/**
 * Trip destinations read like "Lisbon, Portugal", but Open-Meteo's geocoder matches place names
 * only: search for the part before the first comma and use the rest to choose among the hits.
 */
export function splitPlaceName(city: string): { name: string; qualifiers: string[] } {
  const [name = '', ...rest] = city.split(',').map((part) => part.trim());
  return { name, qualifiers: rest.filter(Boolean).map((part) => part.toLowerCase()) };
}

/**
 * The hit that matches the most qualifiers (country, its code, region), earliest first since
 * Open-Meteo ranks by relevance; the first hit when none match, as the name itself did.
 */
export function choosePlace(places: Place[], qualifiers: string[]): Place | undefined {
  let best = places[0];
  let bestScore = 0;
  for (const candidate of places) {
    const labels = [candidate.country, candidate.country_code, candidate.admin1, candidate.admin2]
      .filter((label): label is string => Boolean(label))
      .map((label) => label.toLowerCase());
    const score = qualifiers.filter((qualifier) => labels.includes(qualifier)).length;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function toCurrent(placeName: string, answer: ForecastAnswer): CurrentWeather {
  const now = answer.current;
  const condition = conditionForWmoCode(now.weather_code);
  return {
    name: placeName,
    weather: [{ id: condition.id, description: condition.description }],
    main: {
      temp: now.temperature_2m,
      humidity: now.relative_humidity_2m,
      feels_like: now.apparent_temperature,
    },
    wind: { speed: now.wind_speed_10m },
  };
}

function toForecast(answer: ForecastAnswer): WeatherForecast {
  const { time, weather_code, temperature_2m_max } = answer.daily;
  const forecasts: WeatherForecast['forecasts'] = [];
  time.forEach((date, day) => {
    const high = temperature_2m_max[day];
    // A day without a high has nothing to show; the others still do.
    if (high === null || high === undefined) return;
    forecasts.push({ date, temp: high, icon: conditionForWmoCode(weather_code[day]).id });
  });
  return { forecasts: forecasts.slice(0, FORECAST_DAYS) };
}

/**
 * The place Open-Meteo's geocoder finds for a name like "Lisbon, Portugal" (undefined: none).
 * Throws an UpstreamError when the geocoder cannot answer.
 */
export async function geocodePlace(
  settings: Pick<Config['weather'], 'openMeteoGeocodingUrl'>,
  city: string,
  { timeoutMs }: ProviderOptions = {},
): Promise<Place | undefined> {
  const { name, qualifiers } = splitPlaceName(city);
  const url = new URL(settings.openMeteoGeocodingUrl);
  url.searchParams.set('name', name);
  // One hit is enough unless there is a country or region to choose by.
  url.searchParams.set('count', qualifiers.length ? '10' : '1');
  url.searchParams.set('language', 'en');
  url.searchParams.set('format', 'json');
  const answer = parseUpstream(
    GEOCODING_SERVICE,
    geocodingAnswer,
    await fetchUpstreamJson(GEOCODING_SERVICE, url, { timeoutMs }),
  );
  return choosePlace(answer.results ?? [], qualifiers);
}

/**
 * Open-Meteo (no key): geocode the city, then one forecast call that carries both the current
 * conditions and the daily forecast, in the units asked for.
 */
export function openMeteoProvider(
  settings: Pick<Config['weather'], 'openMeteoGeocodingUrl' | 'openMeteoForecastUrl'>,
  { timeoutMs }: ProviderOptions = {},
): WeatherProvider {
  async function loadReport(city: string, units: WeatherUnits): Promise<Report | null> {
    const found = await geocodePlace(settings, city, { timeoutMs });
    if (!found) return null;
    const url = new URL(settings.openMeteoForecastUrl);
    url.searchParams.set('latitude', String(found.latitude));
    url.searchParams.set('longitude', String(found.longitude));
    url.searchParams.set(
      'current',
      'temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m',
    );
    url.searchParams.set('daily', 'weather_code,temperature_2m_max,temperature_2m_min');
    // Daily dates are the place's own calendar days.
    url.searchParams.set('timezone', 'auto');
    url.searchParams.set('forecast_days', String(FORECAST_DAYS));
    // The units OpenWeather uses, so both providers answer alike (spec §3: m/s for metric).
    if (units === 'imperial') {
      url.searchParams.set('temperature_unit', 'fahrenheit');
      url.searchParams.set('wind_speed_unit', 'mph');
    } else {
      url.searchParams.set('wind_speed_unit', 'ms');
    }
    const answer = parseUpstream(
      FORECAST_SERVICE,
      forecastAnswer,
      await fetchUpstreamJson(FORECAST_SERVICE, url, { timeoutMs }),
    );
    return { current: toCurrent(found.name, answer), forecast: toForecast(answer) };
  }

  // The widget asks for the current weather and the forecast at once: both share one round trip,
  // also when the second request arrives after the first has its answer (a busy database can
  // space them out), so a finished report is kept for a moment too. Failures are not kept.
  const reports = new TtlCache<Report | null>(REPORT_SHARED_MS, 200);
  function report(city: string, units: WeatherUnits) {
    return reports.get(`${city.toLowerCase()}|${units}`, () => loadReport(city, units));
  }

  return {
    name: 'open-meteo',
    current: async (city, units) => (await report(city, units))?.current ?? null,
    forecast: async (city, units) => (await report(city, units))?.forecast ?? null,
  };
}
