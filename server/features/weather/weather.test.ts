import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { CurrentWeather, WeatherForecast } from '../../../shared/contracts/weather';
import { type ApiClient, apiClient } from '../../test/apiClient';
import { createAccount } from '../../test/factories';
import {
  type FakeWeatherUpstream,
  startFakeWeatherUpstream,
} from '../../test/fakes/weatherUpstream';
import { openApiDocument } from '../../test/openApi';
import { startTestApp, type TestApp } from '../../test/testApp';

// 09:30 in Denpasar (UTC+8), so the forecast's days are known.
const NOW = new Date('2030-06-01T01:30:00Z');
const OPENWEATHER_KEY = `ow-secret-${Math.random().toString(36).slice(2)}`;

const UNAVAILABLE =
  'The weather service is not answering right now. Please try again in a few minutes.';
const notFound = (city: string) =>
  `No weather found for "${city}". Check the spelling, or try a nearby larger city.`;

const DENPASAR_FORECAST = [
  { date: '2030-06-01', temp: 32.1, icon: 802 },
  { date: '2030-06-02', temp: 31.4, icon: 804 },
  { date: '2030-06-03', temp: 29.8, icon: 500 },
  { date: '2030-06-04', temp: 30.6, icon: 520 },
  { date: '2030-06-05', temp: 28.9, icon: 211 },
];

/** A started app whose log lines (at every level) are kept. */
async function startLoggedApp(env: Record<string, string>) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await startTestApp({ env: { LOG_LEVEL: 'trace', ...env }, logStream });
  return { app, log: () => lines.join('') };
}

let fake: FakeWeatherUpstream;
let meteo: Awaited<ReturnType<typeof startLoggedApp>>;
let openWeather: Awaited<ReturnType<typeof startLoggedApp>>;
let offline: TestApp;
let user: ApiClient;
let owUser: ApiClient;
/** Every answer the OpenWeather app gave, to prove none carries the key. */
const owAnswers: unknown[] = [];

async function signedIn(t: TestApp) {
  return (await createAccount(t)).client;
}

const weatherPath = (city: string, units?: string, forecast = false) =>
  `/api/weather${forecast ? '/forecast' : ''}?${new URLSearchParams({ city, ...(units ? { units } : {}) })}`;

async function owGet<T>(path: string) {
  const res = await owUser.get<T>(path);
  owAnswers.push(res.body);
  return res;
}

beforeAll(async () => {
  fake = await startFakeWeatherUpstream({ now: () => NOW, openWeatherApiKey: OPENWEATHER_KEY });
  [meteo, openWeather, offline] = await Promise.all([
    startLoggedApp(fake.env()),
    startLoggedApp(fake.env({ openWeatherApiKey: OPENWEATHER_KEY })),
    // The defaults of every test app: the weather services' addresses refuse connections.
    startTestApp(),
  ]);
  [user, owUser] = await Promise.all([signedIn(meteo.app), signedIn(openWeather.app)]);
});
afterAll(async () => {
  await Promise.all([meteo?.app.close(), openWeather?.app.close(), offline?.close()]);
  await fake?.close();
});
beforeEach(() => {
  fake.setMode('ok');
  fake.calls.length = 0;
});

describe('GET /api/weather with Open-Meteo (no key)', () => {
  it('answers the spec §3 fields for the geocoded place, in metric by default', async () => {
    const res = await user.get(weatherPath('Denpasar'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Denpasar',
      weather: [{ id: 802, description: 'partly cloudy' }],
      main: { temp: 31, humidity: 74, feels_like: 36 },
      wind: { speed: 4.2 },
    });
    expect(fake.callsTo('forecast')[0]!.query).toMatchObject({ wind_speed_unit: 'ms' });
  });

  it('answers in °F and mph for imperial', async () => {
    const res = await user.get<CurrentWeather>(weatherPath('Denpasar', 'imperial'));
    expect(res.status).toBe(200);
    expect(res.body.main).toEqual({ temp: 87.8, humidity: 74, feels_like: 96.8 });
    expect(res.body.wind).toEqual({ speed: 9.4 });
  });

  it('answers the daily forecast: the place’s dates, the high, the condition id', async () => {
    const res = await user.get(weatherPath('Denpasar', 'metric', true));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ forecasts: DENPASAR_FORECAST });
  });

  it('asks upstream once for the current weather and forecast asked together', async () => {
    const [current, forecast] = await Promise.all([
      user.get<CurrentWeather>(weatherPath('Portland, Oregon')),
      user.get<WeatherForecast>(weatherPath('Portland, Oregon', 'metric', true)),
    ]);
    expect(current.body.name).toBe('Portland');
    expect(forecast.body.forecasts).toHaveLength(5);
    expect(fake.calls.map((call) => call.endpoint)).toEqual(['geocoding', 'forecast']);
  });
});

describe('the 10-minute cache', () => {
  it('answers the same city again (any case or spacing) without asking upstream', async () => {
    const first = await user.get(weatherPath('Portland, Maine'));
    expect(first.status).toBe(200);
    expect(fake.calls).toHaveLength(2);

    const again = await user.get(weatherPath('  portland,   MAINE '));
    expect(again.body).toEqual(first.body);
    expect(fake.calls).toHaveLength(2);
  });

  it('asks upstream again for other units; a forecast soon after shares that round trip', async () => {
    await user.get(weatherPath('Portland, Maine', 'imperial'));
    expect(fake.calls).toHaveLength(2);
    // Open-Meteo's one forecast call carries both: the widget's second request, even when it
    // arrives after the first has its answer, does not ask again.
    const forecast = await user.get<WeatherForecast>(
      weatherPath('Portland, Maine', 'imperial', true),
    );
    expect(forecast.body.forecasts).toHaveLength(5);
    expect(fake.calls).toHaveLength(2);
  });

  it('caches OpenWeather answers too', async () => {
    await owGet(weatherPath('Denpasar'));
    await owGet(weatherPath('Denpasar'));
    expect(fake.callsTo('openweather-current')).toHaveLength(1);
  });
});

describe('unknown cities and bad queries', () => {
  it('answers 404 with a clear message for a city nobody knows', async () => {
    for (const forecast of [false, true]) {
      const res = await user.get(weatherPath('  Xyzzyville ', 'metric', forecast));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'unknown_city', message: notFound('Xyzzyville') });
    }
    // Geocoding said "no such place" once; the answer is cached for both routes' next asks.
    expect(fake.callsTo('geocoding')).toHaveLength(1);
    await user.get(weatherPath('xyzzyville'));
    expect(fake.callsTo('geocoding')).toHaveLength(1);
  });

  it.each([
    ['/api/weather', 'Please name a city (querystring.city)'],
    ['/api/weather?city=', 'Please name a city (querystring.city)'],
    ['/api/weather?city=%20%20', 'Please name a city (querystring.city)'],
    [
      `/api/weather?city=${'a'.repeat(121)}`,
      'City names are at most 120 characters (querystring.city)',
    ],
    [
      '/api/weather?city=Den%0Apasar',
      'The city name has a character that is not allowed (querystring.city)',
    ],
    [
      '/api/weather/forecast?city=Denpasar&units=kelvin',
      'Units must be metric or imperial (querystring.units)',
    ],
  ])('answers 400 to %s', async (path, message) => {
    const res = await user.get<ErrorResponse>(path);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(fake.calls).toHaveLength(0);
  });

  it('answers 401 to a signed-out visitor, without asking upstream', async () => {
    const visitor = apiClient(meteo.app.url);
    for (const path of [weatherPath('Denpasar'), weatherPath('Denpasar', 'metric', true)]) {
      const res = await visitor.get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue' });
    }
    expect(fake.calls).toHaveLength(0);
  });

  it('limits each address to 60 requests a minute', async () => {
    const busy = apiClient(meteo.app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await busy.get(weatherPath('Denpasar'))).status);
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('when the weather service fails', () => {
  // Failures are never cached, so every case reaches the fake with this (so far unasked) city.
  const city = 'Portland, US';

  it.each([
    ['down (500)', 'down', undefined],
    ['garbage (not JSON)', 'garbage', undefined],
    ['wrong-shape geocoding', 'wrong-shape', 'geocoding'],
    ['wrong-shape forecast', 'wrong-shape', 'forecast'],
    ['down forecast, geocoding fine', 'down', 'forecast'],
  ] as const)('answers 502 with a clear message: %s', async (_name, mode, endpoint) => {
    fake.setMode(mode, endpoint);
    for (const path of [weatherPath(city), weatherPath(city, 'metric', true)]) {
      const res = await user.get(path);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ code: 'upstream_unavailable', message: UNAVAILABLE });
    }
    expect(fake.calls.length).toBeGreaterThan(0);
  });

  it('answers 502 when the service takes longer than 5 s', async () => {
    fake.setMode('slow');
    const started = Date.now();
    const res = await user.get(weatherPath(city));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ code: 'upstream_unavailable', message: UNAVAILABLE });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(6000);
  }, 10_000);

  it('answers 502 on a machine that cannot reach the service', async () => {
    const client = await signedIn(offline);
    const res = await client.get(weatherPath('Denpasar'));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ code: 'upstream_unavailable', message: UNAVAILABLE });
  });

  it('answers again once the service is back (failures are not cached)', async () => {
    const res = await user.get<CurrentWeather>(weatherPath(city));
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Portland');
  });

  it('logs each failure at warn with the service and kind, never the address', () => {
    const warnings = meteo
      .log()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; [field: string]: unknown })
      .filter((entry) => entry.level === 40);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        service: 'Open-Meteo geocoding',
        failure: 'status',
        status: 500,
        msg: 'Weather unavailable: Open-Meteo geocoding answered 500',
      }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({ service: 'Open-Meteo forecast', failure: 'malformed' }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({ service: 'Open-Meteo geocoding', failure: 'timeout' }),
    );
    expect(meteo.log()).not.toContain(fake.url);
  });
});

describe('GET /api/weather with OpenWeather (OPENWEATHER_API_KEY set)', () => {
  it('answers the spec §3 fields from OpenWeather, sending the key', async () => {
    const res = await owGet(weatherPath('Portland, Maine'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Portland',
      weather: [{ id: 800, description: 'clear sky' }],
      main: { temp: 21.5, humidity: 58, feels_like: 21.2 },
      wind: { speed: 5.6 },
    });
    expect(fake.calls).toEqual([
      {
        endpoint: 'openweather-current',
        query: { q: 'Portland, Maine', units: 'metric', appid: OPENWEATHER_KEY },
      },
    ]);
  });

  it('answers in °F and mph for imperial', async () => {
    const res = await owGet<CurrentWeather>(weatherPath('Denpasar', 'imperial'));
    expect(res.body.main).toEqual({ temp: 87.8, humidity: 74, feels_like: 96.8 });
    expect(res.body.wind).toEqual({ speed: 9.4 });
    expect(fake.calls[0]!.query.units).toBe('imperial');
  });

  it('groups the 3-hourly forecast into the days the widget shows', async () => {
    const res = await owGet(weatherPath('Denpasar', 'metric', true));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ forecasts: DENPASAR_FORECAST });
    expect(fake.callsTo('openweather-forecast')).toHaveLength(1);
  });

  it('answers 404 for a city OpenWeather does not know', async () => {
    for (const forecast of [false, true]) {
      const res = await owGet(weatherPath('Xyzzyville', 'metric', forecast));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'unknown_city', message: notFound('Xyzzyville') });
    }
  });

  it.each(['down', 'garbage', 'wrong-shape'] as const)(
    'answers 502 when it is %s',
    async (mode) => {
      fake.setMode(mode);
      for (const forecast of [false, true]) {
        const res = await owGet(weatherPath('Portland', 'imperial', forecast));
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ code: 'upstream_unavailable', message: UNAVAILABLE });
      }
    },
  );

  it('never writes the key to the log or into an answer', () => {
    const log = openWeather.log();
    expect(log).toContain('/api/weather'); // requests and failures were logged...
    expect(log).toContain('"service":"OpenWeather"');
    expect(log).not.toContain(OPENWEATHER_KEY); // ...but never the key
    expect(owAnswers.length).toBeGreaterThan(5);
    expect(JSON.stringify(owAnswers)).not.toContain(OPENWEATHER_KEY);
  });
});

describe('the OpenAPI document', () => {
  it('describes both routes, their query and their failures', async () => {
    const doc = await openApiDocument(meteo.app.url);
    for (const path of ['/api/weather', '/api/weather/forecast']) {
      const get = doc.paths[path]!.get!;
      expect(get.parameters!.map((p) => p.name)).toEqual(['city', 'units']);
      expect(Object.keys(get.responses)).toEqual(['200', '400', '401', '404', '429', '500', '502']);
    }
    expect(doc.paths['/api/weather']!.get!.responses['502']!.description).toContain(UNAVAILABLE);
  });
});
