import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/errors';
import { currentWeather, weatherForecast, weatherQuery } from '../../../shared/contracts/weather';
import type { Config } from '../../platform/config';
import { createWeatherService, unknownCityMessage, WEATHER_UNAVAILABLE } from './service';

// Every widget on every open board asks; 60 a minute per address leaves room for that and still
// stops one client from spending the upstream quota (the cache absorbs repeats).
const perMinute = { rateLimit: { max: 60, timeWindow: 60_000 } };
const tags = ['weather'];
const errors = {
  404: errorResponse.describe(`Unknown city: ${unknownCityMessage('<city>')}`),
  502: errorResponse.describe(`Weather service down, slow or garbled: ${WEATHER_UNAVAILABLE}`),
};
const providers =
  'From Open-Meteo, or OpenWeather when OPENWEATHER_API_KEY is set; cached for 10 minutes per ' +
  'city (any case and spacing) and units.';

/** `GET /api/weather`, `GET /api/weather/forecast` (spec §7, issue #6). */
export const weatherRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // One service, and so one cache, per app instance.
  const weather = createWeatherService(config.weather);

  app.get(
    '/api/weather',
    {
      config: { access: 'user', ...perMinute },
      schema: {
        tags,
        summary: 'Current weather in a city',
        description:
          `${providers} \`weather[0].id\` is an OpenWeather condition id (Open-Meteo's WMO codes ` +
          'are mapped onto them); temperatures in °C and wind in m/s for metric, °F and mph for ' +
          'imperial.',
        querystring: weatherQuery,
        response: { 200: currentWeather, ...errors },
      },
    },
    async (request) => weather.current(request.query, request.log),
  );

  app.get(
    '/api/weather/forecast',
    {
      config: { access: 'user', ...perMinute },
      schema: {
        tags,
        summary: 'Daily forecast for a city, from today',
        description:
          `${providers} One entry per calendar day at the place (up to 5): \`temp\` is the ` +
          "day's high, `icon` the day's OpenWeather condition id.",
        querystring: weatherQuery,
        response: { 200: weatherForecast, ...errors },
      },
    },
    async (request) => weather.forecast(request.query, request.log),
  );
};
