import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import {
  type FakeWeatherUpstream,
  startFakeWeatherUpstream,
} from '../../test/fakes/weatherUpstream';
import { choosePlace, splitPlaceName } from './openMeteo';
import { groupIntoDays } from './openWeather';
import {
  createWeatherService,
  normaliseCity,
  unknownCityMessage,
  WEATHER_UNAVAILABLE,
} from './service';

// 09:30 in Denpasar (UTC+8): OpenWeather's first 3-hour step is 11:00 there.
const NOW = new Date('2030-06-01T01:30:00Z');
const KEY = 'ow-service-test-key-5f1c';

let fake: FakeWeatherUpstream;
beforeAll(async () => {
  fake = await startFakeWeatherUpstream({ now: () => NOW, openWeatherApiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setMode('ok');
  fake.calls.length = 0;
});

function settings(overrides: Partial<Config['weather']> = {}): Config['weather'] {
  return {
    openMeteoGeocodingUrl: fake.urls.geocoding,
    openMeteoForecastUrl: fake.urls.forecast,
    openWeatherApiKey: undefined,
    openWeatherBaseUrl: fake.urls.openWeather,
    ...overrides,
  };
}

/** A logger that keeps what was written at warn. */
function captureLog() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

async function httpErrorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('Open-Meteo', () => {
  it('asks the geocoder, then the forecast at the place, in metric with wind in m/s', async () => {
    const weather = createWeatherService(settings());
    const { log } = captureLog();
    await weather.current({ city: 'Denpasar', units: 'metric' }, log);
    expect(fake.calls).toEqual([
      {
        endpoint: 'geocoding',
        query: { name: 'Denpasar', count: '1', language: 'en', format: 'json' },
      },
      {
        endpoint: 'forecast',
        query: {
          latitude: '-8.65',
          longitude: '115.21667',
          current:
            'temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m',
          daily: 'weather_code,temperature_2m_max,temperature_2m_min',
          timezone: 'auto',
          forecast_days: '5',
          wind_speed_unit: 'ms',
        },
      },
    ]);
  });

  it('asks for Fahrenheit and mph for imperial', async () => {
    const weather = createWeatherService(settings());
    const answer = await weather.current({ city: 'Denpasar', units: 'imperial' }, captureLog().log);
    expect(fake.callsTo('forecast')[0]!.query).toMatchObject({
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
    });
    expect(answer.main).toEqual({ temp: 87.8, humidity: 74, feels_like: 96.8 });
    expect(answer.wind.speed).toBe(9.4);
  });

  it('answers the current weather and the forecast together with one round trip', async () => {
    const weather = createWeatherService(settings());
    const { log } = captureLog();
    const query = { city: 'Denpasar', units: 'metric' } as const;
    const [current, forecast] = await Promise.all([
      weather.current(query, log),
      weather.forecast(query, log),
    ]);
    expect(current.name).toBe('Denpasar');
    expect(forecast.forecasts).toHaveLength(5);
    expect(fake.calls.map((call) => call.endpoint)).toEqual(['geocoding', 'forecast']);
  });

  it('reads "City, Country" destinations: searches the name, picks the hit in that region', async () => {
    const weather = createWeatherService(settings());
    await weather.current({ city: 'Portland, Maine', units: 'metric' }, captureLog().log);
    expect(fake.callsTo('geocoding')[0]!.query).toMatchObject({ name: 'Portland', count: '10' });
    expect(fake.callsTo('forecast')[0]!.query).toMatchObject({ latitude: '43.66147' });

    fake.calls.length = 0;
    await weather.current({ city: 'Portland', units: 'metric' }, captureLog().log);
    expect(fake.callsTo('forecast')[0]!.query).toMatchObject({ latitude: '45.52345' });
  });

  it('gives an unknown city a 404, and remembers it for the cache window', async () => {
    const weather = createWeatherService(settings());
    const error = await httpErrorOf(
      weather.current({ city: 'Atlantis', units: 'metric' }, captureLog().log),
    );
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe(unknownCityMessage('Atlantis'));
    expect(fake.calls.map((call) => call.endpoint)).toEqual(['geocoding']);

    await httpErrorOf(weather.current({ city: ' atlantis', units: 'metric' }, captureLog().log));
    expect(fake.calls).toHaveLength(1);
  });

  it('turns a failing call into a 502, logged at warn with the service and the failure', async () => {
    const weather = createWeatherService(settings());
    fake.setMode('garbage', 'forecast');
    const { log, warnings } = captureLog();
    const error = await httpErrorOf(weather.forecast({ city: 'Denpasar', units: 'metric' }, log));
    expect(error.statusCode).toBe(502);
    expect(error.message).toBe(WEATHER_UNAVAILABLE);
    expect(warnings).toEqual([
      {
        fields: { service: 'Open-Meteo forecast', failure: 'malformed', status: undefined },
        message: 'Weather unavailable: Open-Meteo forecast sent an answer that could not be read',
      },
    ]);

    // Failures are not cached: once the service is back, the next request gets through.
    fake.setMode('ok');
    const answer = await weather.forecast({ city: 'Denpasar', units: 'metric' }, log);
    expect(answer.forecasts).toHaveLength(5);
  });

  it('gives up on a slow service after the time limit', async () => {
    const weather = createWeatherService(settings(), { timeoutMs: 200 });
    fake.setMode('slow');
    const { log, warnings } = captureLog();
    const started = Date.now();
    const error = await httpErrorOf(weather.current({ city: 'Denpasar', units: 'metric' }, log));
    expect(error.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings[0]!.fields).toMatchObject({
      service: 'Open-Meteo geocoding',
      failure: 'timeout',
    });
  });

  it('answers 502 when nothing listens at the configured address', async () => {
    const weather = createWeatherService(
      settings({ openMeteoGeocodingUrl: 'http://127.0.0.1:9/v1/search' }),
    );
    const { log, warnings } = captureLog();
    const error = await httpErrorOf(weather.current({ city: 'Denpasar', units: 'metric' }, log));
    expect(error.statusCode).toBe(502);
    expect(warnings[0]!.fields).toMatchObject({ failure: 'unreachable' });
  });
});

describe('OpenWeather', () => {
  const withKey = (key = KEY) => settings({ openWeatherApiKey: key });

  it('is used when a key is set, which it sends with the city and units', async () => {
    const weather = createWeatherService(withKey());
    expect(weather.provider).toBe('openweather');
    const answer = await weather.current({ city: 'Denpasar', units: 'metric' }, captureLog().log);
    expect(fake.calls).toEqual([
      {
        endpoint: 'openweather-current',
        query: { q: 'Denpasar', units: 'metric', appid: KEY },
      },
    ]);
    expect(answer).toEqual({
      name: 'Denpasar',
      weather: [{ id: 802, description: 'scattered clouds' }],
      main: { temp: 31, humidity: 74, feels_like: 36 },
      wind: { speed: 4.2 },
    });
    expect(createWeatherService(settings()).provider).toBe('open-meteo');
  });

  it('groups the 3-hourly forecast into days: the high, and the icon nearest midday', async () => {
    const weather = createWeatherService(withKey());
    const answer = await weather.forecast({ city: 'Denpasar', units: 'metric' }, captureLog().log);
    expect(fake.calls[0]!.query).toEqual({ q: 'Denpasar', units: 'metric', appid: KEY });
    // The fake gives the day's conditions only to the step nearest 12:00 (others are 800/801)
    // and puts the day's high at 14:00, 1.5 °C above the midday step.
    expect(answer.forecasts).toEqual([
      { date: '2030-06-01', temp: 32.1, icon: 802 },
      { date: '2030-06-02', temp: 31.4, icon: 804 },
      { date: '2030-06-03', temp: 29.8, icon: 500 },
      { date: '2030-06-04', temp: 30.6, icon: 520 },
      { date: '2030-06-05', temp: 28.9, icon: 211 },
    ]);
  });

  it('gives OpenWeather\'s "city not found" a 404', async () => {
    const weather = createWeatherService(withKey());
    const error = await httpErrorOf(
      weather.forecast({ city: 'Atlantis', units: 'metric' }, captureLog().log),
    );
    expect(error.statusCode).toBe(404);
  });

  it('answers 502 for a refused key, and logs it as a key problem without the key', async () => {
    const wrongKey = 'ow-wrong-key-77aa';
    const weather = createWeatherService(withKey(wrongKey));
    const { log, warnings } = captureLog();
    const error = await httpErrorOf(weather.current({ city: 'Denpasar', units: 'metric' }, log));
    expect(error.statusCode).toBe(502);
    expect(warnings[0]!.fields).toEqual({
      service: 'OpenWeather',
      failure: 'status',
      status: 401,
      hint: 'OpenWeather refused the key: check OPENWEATHER_API_KEY',
    });
    expect(JSON.stringify(warnings)).not.toContain(wrongKey);
  });

  it('gives up on a slow OpenWeather after the time limit', async () => {
    const weather = createWeatherService(withKey(), { timeoutMs: 200 });
    fake.setMode('slow');
    const { log, warnings } = captureLog();
    const error = await httpErrorOf(weather.forecast({ city: 'Denpasar', units: 'metric' }, log));
    expect(error.statusCode).toBe(502);
    expect(warnings[0]!.fields).toMatchObject({ service: 'OpenWeather', failure: 'timeout' });
  });
});

describe('helpers', () => {
  it('normalises a city for the cache: trimmed, single spaces, lower case', () => {
    expect(normaliseCity('  New   York ')).toBe('new york');
    expect(normaliseCity('DENPASAR')).toBe('denpasar');
  });

  it('splits "City, Region, Country" into the name and what to choose by', () => {
    expect(splitPlaceName('Lisbon, Portugal')).toEqual({
      name: 'Lisbon',
      qualifiers: ['portugal'],
    });
    expect(splitPlaceName('Portland, Maine, US')).toEqual({
      name: 'Portland',
      qualifiers: ['maine', 'us'],
    });
    expect(splitPlaceName('Ubud')).toEqual({ name: 'Ubud', qualifiers: [] });
  });

  it('chooses the hit matching the most qualifiers, else the first', () => {
    const hit = (name: string, country: string, admin1: string, code: string) => ({
      name,
      latitude: 0,
      longitude: 0,
      country,
      admin1,
      country_code: code,
    });
    const oregon = hit('Portland', 'United States', 'Oregon', 'US');
    const maine = hit('Portland', 'United States', 'Maine', 'US');
    const victoria = hit('Portland', 'Australia', 'Victoria', 'AU');
    const hits = [oregon, maine, victoria];
    expect(choosePlace(hits, ['maine', 'us'])).toBe(maine);
    expect(choosePlace(hits, ['australia'])).toBe(victoria);
    expect(choosePlace(hits, ['us'])).toBe(oregon);
    expect(choosePlace(hits, ['narnia'])).toBe(oregon);
    expect(choosePlace([], ['us'])).toBeUndefined();
  });

  it('groups forecast steps by the local calendar day, keeping the high and the midday icon', () => {
    const step = (utc: string, temp: number, id: number) => ({
      dt: Date.parse(utc) / 1000,
      main: { temp },
      weather: [{ id }],
    });
    // UTC-5: 03:00Z is still the previous evening there.
    const days = groupIntoDays(
      [
        step('2030-01-01T03:00:00Z', 5, 800),
        step('2030-01-01T15:00:00Z', 9, 500), // 10:00 local, 120 min from noon
        step('2030-01-01T18:00:00Z', 11, 801), // 13:00 local, 60 min: nearest midday
        step('2030-01-01T21:00:00Z', 12, 802), // 16:00 local, the day's high
      ],
      -5 * 3600,
    );
    expect(days).toEqual([
      { date: '2029-12-31', temp: 5, icon: 800 },
      { date: '2030-01-01', temp: 12, icon: 801 },
    ]);

    // Two steps as near midday: the first wins. temp_max counts when higher than temp.
    expect(
      groupIntoDays(
        [
          {
            dt: Date.parse('2030-01-01T10:30:00Z') / 1000,
            main: { temp: 3 },
            weather: [{ id: 600 }],
          },
          {
            dt: Date.parse('2030-01-01T13:30:00Z') / 1000,
            main: { temp: 4, temp_max: 6 },
            weather: [{ id: 601 }],
          },
        ],
        0,
      ),
    ).toEqual([{ date: '2030-01-01', temp: 6, icon: 600 }]);
  });

  it('keeps at most five days', () => {
    const list = Array.from({ length: 48 }, (_, index) => ({
      dt: Date.parse('2030-01-01T00:00:00Z') / 1000 + index * 3 * 3600,
      main: { temp: index },
      weather: [{ id: 800 }],
    }));
    expect(groupIntoDays(list, 0).map((day) => day.date)).toEqual([
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
    ]);
  });
});
