import { useQuery } from '@tanstack/react-query';
import {
  type CurrentWeather,
  currentWeather,
  type WeatherForecast,
  weatherForecast,
} from '../../../shared/contracts/weather';

// spec §9: the forecast shows the first 4 entries.
export const FORECAST_DAYS = 4;

type Forecasts = WeatherForecast['forecasts'];

/** `GET /api/weather?city=&units=metric` (spec §7, §9: metric). Also the query's key. */
export function currentWeatherUrl(city: string) {
  return `/api/weather?${new URLSearchParams({ city, units: 'metric' })}`;
}

/** `GET /api/weather/forecast?city=&units=metric`. Also the query's key. */
export function forecastUrl(city: string) {
  return `/api/weather/forecast?${new URLSearchParams({ city, units: 'metric' })}`;
}

// An answer that does not match the contract is a failure like any other: the widget shows its
// unavailable state rather than half a card (select errors become the query's error).
const readCurrent = (data: unknown): CurrentWeather => currentWeather.parse(data);
const readForecast = (data: unknown): Forecasts =>
  weatherForecast.parse(data).forecasts.slice(0, FORECAST_DAYS);

/**
 * The current weather and the first days of the forecast for `city`, as two queries keyed by
 * their URLs (the default query function fetches them). Each answers on its own: the conditions
 * can show while the forecast is still on its way, or missing.
 */
export function useWeather(city: string) {
  const current = useQuery({ queryKey: [currentWeatherUrl(city)], select: readCurrent });
  const forecast = useQuery({ queryKey: [forecastUrl(city)], select: readForecast });
  return { current, forecast };
}
