/**
 * A stand-in for the weather services Tripmates calls (issue #6), for API tests and the e2e
 * server: one node:http server on 127.0.0.1 that speaks
 *
 * - Open-Meteo geocoding  `GET /v1/search?name=&count=`         (OPEN_METEO_GEOCODING_URL)
 * - Open-Meteo forecast   `GET /v1/forecast?latitude=&longitude=&current=&daily=&...` (OPEN_METEO_FORECAST_URL)
 * - OpenWeather current   `GET /data/2.5/weather?q=&units=&appid=`  (OPENWEATHER_BASE_URL)
 * - OpenWeather forecast  `GET /data/2.5/forecast?q=&units=&appid=`
 *
 * with bodies shaped like the real ones, for the few places in FAKE_PLACES (Denpasar: 31 °C,
 * humidity 74 %, feels like 36 °C, wind 4.2 m/s, partly cloudy — WMO 2, OpenWeather 802). Any
 * other city is unknown: no geocoding results, OpenWeather 404. Units follow the request
 * (Fahrenheit and mph for imperial). `setMode` makes it fail: 'down' (500), 'slow' (answers only
 * after `slowMs`, 6 s by default: past the 5 s limit), 'garbage' (200, not JSON) or
 * 'wrong-shape' (200, JSON without the fields).
 *
 *   const fake = await startFakeWeatherUpstream();
 *   const app = await startTestApp({ env: fake.env() });           // Open-Meteo
 *   const keyed = await startTestApp({ env: fake.env({ openWeatherApiKey: 'k' }) }); // OpenWeather
 *   ...
 *   await fake.close();
 *
 * No dependencies beyond Node, so the e2e server can start it too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeWeatherMode = 'ok' | 'down' | 'slow' | 'garbage' | 'wrong-shape';
export type FakeWeatherEndpoint =
  | 'geocoding'
  | 'forecast'
  | 'openweather-current'
  | 'openweather-forecast';

/** One request the fake received (whatever mode it was in). */
export type FakeWeatherCall = { endpoint: FakeWeatherEndpoint; query: Record<string, string> };

export type FakeWeatherOptions = {
  /** When set, OpenWeather paths answer 401 (as OpenWeather does) unless `appid` is this key. */
  openWeatherApiKey?: string;
  /** The clock forecasts start from (default: the real one). */
  now?: () => Date;
  /** How long 'slow' keeps a request waiting; 6000 ms by default. */
  slowMs?: number;
  /** The port to listen on (the e2e run needs a known one); any free port by default. */
  port?: number;
};

export type FakeWeatherUpstream = {
  /** http://127.0.0.1:<port> */
  url: string;
  urls: { geocoding: string; forecast: string; openWeather: string };
  /** The environment that points Tripmates here; with a key, at OpenWeather. */
  env(options?: { openWeatherApiKey?: string }): Record<string, string>;
  calls: FakeWeatherCall[];
  callsTo(endpoint: FakeWeatherEndpoint): FakeWeatherCall[];
  /** Every endpoint, or only `endpoint`, answers in `mode` from now on. */
  setMode(mode: FakeWeatherMode, endpoint?: FakeWeatherEndpoint): void;
  /** Stops the server, drops open connections and pending slow answers. */
  close(): Promise<void>;
};

type Weather = {
  tempC: number;
  humidity: number;
  feelsLikeC: number;
  windMs: number;
  wmo: number;
  /** The same conditions as an OpenWeather condition id. */
  ow: number;
};

export type FakePlace = {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  country: string;
  country_code: string;
  admin1: string;
  timezone: string;
  utcOffsetSeconds: number;
  population: number;
  current: Weather;
  /** Five days from the place's today: WMO code, OpenWeather id, high and low (°C). */
  daily: { wmo: number; ow: number; maxC: number; minC: number }[];
};

export const FAKE_PLACES: FakePlace[] = [
  {
    id: 1645528,
    name: 'Denpasar',
    latitude: -8.65,
    longitude: 115.21667,
    country: 'Indonesia',
    country_code: 'ID',
    admin1: 'Bali',
    timezone: 'Asia/Makassar',
    utcOffsetSeconds: 8 * 3600,
    population: 405923,
    current: { tempC: 31, humidity: 74, feelsLikeC: 36, windMs: 4.2, wmo: 2, ow: 802 },
    daily: [
      { wmo: 2, ow: 802, maxC: 32.1, minC: 24.3 },
      { wmo: 3, ow: 804, maxC: 31.4, minC: 24.8 },
      { wmo: 61, ow: 500, maxC: 29.8, minC: 23.9 },
      { wmo: 80, ow: 520, maxC: 30.6, minC: 24.1 },
      { wmo: 95, ow: 211, maxC: 28.9, minC: 23.5 },
    ],
  },
  // Two Portlands: the bigger one comes first, as Open-Meteo ranks them.
  {
    id: 5746545,
    name: 'Portland',
    latitude: 45.52345,
    longitude: -122.67621,
    country: 'United States',
    country_code: 'US',
    admin1: 'Oregon',
    timezone: 'America/Los_Angeles',
    utcOffsetSeconds: -7 * 3600,
    population: 652503,
    current: { tempC: 14.2, humidity: 81, feelsLikeC: 13.1, windMs: 3.1, wmo: 61, ow: 500 },
    daily: [
      { wmo: 61, ow: 500, maxC: 16.2, minC: 9.8 },
      { wmo: 63, ow: 501, maxC: 15.1, minC: 10.2 },
      { wmo: 3, ow: 804, maxC: 17.4, minC: 9.9 },
      { wmo: 1, ow: 801, maxC: 19.8, minC: 10.4 },
      { wmo: 0, ow: 800, maxC: 22.3, minC: 11.6 },
    ],
  },
  {
    id: 4975802,
    name: 'Portland',
    latitude: 43.66147,
    longitude: -70.25533,
    country: 'United States',
    country_code: 'US',
    admin1: 'Maine',
    timezone: 'America/New_York',
    utcOffsetSeconds: -4 * 3600,
    population: 66881,
    current: { tempC: 21.5, humidity: 58, feelsLikeC: 21.2, windMs: 5.6, wmo: 0, ow: 800 },
    daily: [
      { wmo: 0, ow: 800, maxC: 23.4, minC: 13.1 },
      { wmo: 1, ow: 801, maxC: 22.8, minC: 12.7 },
      { wmo: 45, ow: 741, maxC: 19.5, minC: 12.2 },
      { wmo: 71, ow: 600, maxC: 8.1, minC: -1.3 },
      { wmo: 96, ow: 202, maxC: 24.9, minC: 15.2 },
    ],
  },
];

/** Coordinates nobody listed still get weather, as from the real forecast API. */
const ELSEWHERE: Pick<FakePlace, 'utcOffsetSeconds' | 'timezone' | 'current' | 'daily'> = {
  utcOffsetSeconds: 0,
  timezone: 'GMT',
  current: { tempC: 18, humidity: 60, feelsLikeC: 17.5, windMs: 2.5, wmo: 3, ow: 804 },
  daily: Array.from({ length: 5 }, () => ({ wmo: 3, ow: 804, maxC: 19, minC: 11 })),
};

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const fahrenheit = (celsius: number) => round((celsius * 9) / 5 + 32);
const mph = (metresPerSecond: number) => round(metresPerSecond * 2.236936, 2);

/** OpenWeather's words for the ids the fake uses. */
const OW_CONDITIONS: Record<number, { main: string; description: string; icon: string }> = {
  202: { main: 'Thunderstorm', description: 'thunderstorm with heavy rain', icon: '11d' },
  211: { main: 'Thunderstorm', description: 'thunderstorm', icon: '11d' },
  500: { main: 'Rain', description: 'light rain', icon: '10d' },
  501: { main: 'Rain', description: 'moderate rain', icon: '10d' },
  520: { main: 'Rain', description: 'light intensity shower rain', icon: '09d' },
  600: { main: 'Snow', description: 'light snow', icon: '13d' },
  741: { main: 'Fog', description: 'fog', icon: '50d' },
  800: { main: 'Clear', description: 'clear sky', icon: '01d' },
  801: { main: 'Clouds', description: 'few clouds', icon: '02d' },
  802: { main: 'Clouds', description: 'scattered clouds', icon: '03d' },
  804: { main: 'Clouds', description: 'overcast clouds', icon: '04d' },
};
const owCondition = (id: number) => ({
  id,
  ...(OW_CONDITIONS[id] ?? { main: 'Clouds', description: 'broken clouds', icon: '04d' }),
});

/** `YYYY-MM-DD` and `HH:MM` of an instant at a UTC offset. */
function localParts(instant: Date, offsetSeconds: number) {
  const iso = new Date(instant.getTime() + offsetSeconds * 1000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Places whose name (any case) is the search; `count` of them, as Open-Meteo's search does. */
function geocodingBody(query: URLSearchParams) {
  const name = (query.get('name') ?? '').trim().toLowerCase();
  const count = Number(query.get('count') ?? 10) || 10;
  const results = FAKE_PLACES.filter((place) => place.name.toLowerCase() === name)
    .slice(0, count)
    .map((place) => ({
      id: place.id,
      name: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
      elevation: 20,
      feature_code: 'PPLA',
      country_code: place.country_code,
      timezone: place.timezone,
      population: place.population,
      country: place.country,
      admin1: place.admin1,
    }));
  // Open-Meteo leaves `results` out when nothing matched.
  return results.length ? { results, generationtime_ms: 0.61 } : { generationtime_ms: 0.42 };
}

function placeAt(latitude: number, longitude: number) {
  return FAKE_PLACES.find(
    (place) =>
      Math.abs(place.latitude - latitude) < 0.01 && Math.abs(place.longitude - longitude) < 0.01,
  );
}

function forecastBody(query: URLSearchParams, now: Date) {
  const latitude = Number(query.get('latitude'));
  const longitude = Number(query.get('longitude'));
  if (!query.get('latitude') || !query.get('longitude') || Number.isNaN(latitude + longitude)) {
    return {
      status: 400,
      body: { error: true, reason: "Parameter 'latitude' and 'longitude' must be set" },
    };
  }
  const place = placeAt(latitude, longitude) ?? ELSEWHERE;
  const imperial = query.get('temperature_unit') === 'fahrenheit';
  const windUnit = query.get('wind_speed_unit') ?? 'kmh';
  const temp = (celsius: number) => (imperial ? fahrenheit(celsius) : celsius);
  const wind = (ms: number) =>
    windUnit === 'ms' ? ms : windUnit === 'mph' ? mph(ms) : round(ms * 3.6);
  const days = Math.min(Number(query.get('forecast_days') ?? 7) || 7, place.daily.length);
  const today = localParts(now, place.utcOffsetSeconds);
  const daily = place.daily.slice(0, days);
  const tempUnit = imperial ? '°F' : '°C';
  const windLabel = windUnit === 'ms' ? 'm/s' : windUnit === 'mph' ? 'mp/h' : 'km/h';
  return {
    status: 200,
    body: {
      latitude: round(latitude, 3),
      longitude: round(longitude, 3),
      generationtime_ms: 0.08,
      utc_offset_seconds: place.utcOffsetSeconds,
      timezone: place.timezone,
      timezone_abbreviation: place.timezone,
      elevation: 20,
      current_units: {
        time: 'iso8601',
        interval: 'seconds',
        temperature_2m: tempUnit,
        relative_humidity_2m: '%',
        apparent_temperature: tempUnit,
        weather_code: 'wmo code',
        wind_speed_10m: windLabel,
      },
      current: {
        time: `${today.date}T${today.time.slice(0, 3)}00`,
        interval: 900,
        temperature_2m: temp(place.current.tempC),
        relative_humidity_2m: place.current.humidity,
        apparent_temperature: temp(place.current.feelsLikeC),
        weather_code: place.current.wmo,
        wind_speed_10m: wind(place.current.windMs),
      },
      daily_units: {
        time: 'iso8601',
        weather_code: 'wmo code',
        temperature_2m_max: tempUnit,
        temperature_2m_min: tempUnit,
      },
      daily: {
        time: daily.map((_, day) => addDays(today.date, day)),
        weather_code: daily.map((day) => day.wmo),
        temperature_2m_max: daily.map((day) => temp(day.maxC)),
        temperature_2m_min: daily.map((day) => temp(day.minC)),
      },
    },
  };
}

/** `q` is "City" or "City,country-or-region", as OpenWeather reads it. */
function openWeatherPlace(q: string) {
  const [name = '', qualifier] = q.split(',').map((part) => part.trim().toLowerCase());
  const named = FAKE_PLACES.filter((place) => place.name.toLowerCase() === name);
  return (
    named.find((place) =>
      [place.country, place.country_code, place.admin1].some(
        (label) => label.toLowerCase() === qualifier,
      ),
    ) ?? named[0]
  );
}

const NOT_FOUND = { status: 404, body: { cod: '404', message: 'city not found' } };

function openWeatherUnits(units: string | null) {
  const imperial = units === 'imperial';
  return {
    temp: (celsius: number) => (imperial ? fahrenheit(celsius) : celsius),
    wind: (ms: number) => (imperial ? mph(ms) : ms),
  };
}

function openWeatherCurrentBody(query: URLSearchParams, now: Date) {
  const place = openWeatherPlace(query.get('q') ?? '');
  if (!place) return NOT_FOUND;
  const { temp, wind } = openWeatherUnits(query.get('units'));
  const { current } = place;
  const dt = Math.floor(now.getTime() / 1000);
  return {
    status: 200,
    body: {
      coord: { lon: place.longitude, lat: place.latitude },
      weather: [owCondition(current.ow)],
      base: 'stations',
      main: {
        temp: temp(current.tempC),
        feels_like: temp(current.feelsLikeC),
        temp_min: temp(current.tempC - 1),
        temp_max: temp(current.tempC + 1),
        pressure: 1009,
        humidity: current.humidity,
      },
      visibility: 10000,
      wind: { speed: wind(current.windMs), deg: 120 },
      clouds: { all: 40 },
      dt,
      sys: { country: place.country_code, sunrise: dt - 6 * 3600, sunset: dt + 6 * 3600 },
      timezone: place.utcOffsetSeconds,
      id: place.id,
      name: place.name,
      cod: 200,
    },
  };
}

// How far below the day's high each 3-hourly step is, by local hour: warmest mid-afternoon.
const BELOW_HIGH = [
  7, 7, 7, 7.2, 7.5, 7.5, 6.5, 6, 5, 3.5, 2.5, 1.5, 0.8, 0.3, 0, 0.3, 1, 2, 3, 4, 4.5, 5, 5.5, 6,
];

/**
 * 40 steps of 3 hours from the next step after `now`, as OpenWeather's 5-day forecast. The step
 * nearest local midday carries the day's conditions, the others clear or few clouds, so a test
 * can tell which step the icon came from; the day's high falls at 14:00 (or the step nearest it).
 */
function openWeatherForecastBody(query: URLSearchParams, now: Date) {
  const place = openWeatherPlace(query.get('q') ?? '');
  if (!place) return NOT_FOUND;
  const { temp, wind } = openWeatherUnits(query.get('units'));
  const step = 3 * 3600;
  const first = (Math.floor(now.getTime() / 1000 / step) + 1) * step;
  const today = localParts(now, place.utcOffsetSeconds).date;
  const list = Array.from({ length: 40 }, (_, index) => {
    const dt = first + index * step;
    const local = localParts(new Date(dt * 1000), place.utcOffsetSeconds);
    const hour = Number(local.time.slice(0, 2));
    const dayIndex = Math.round((Date.parse(local.date) - Date.parse(today)) / 86_400_000);
    const day = place.daily[dayIndex % place.daily.length]!;
    const celsius = round(day.maxC - (BELOW_HIGH[hour] ?? 7));
    const nearNoon = Math.abs(hour * 60 + Number(local.time.slice(3)) - 720) < 90;
    const id = nearNoon ? day.ow : hour >= 6 && hour < 18 ? 801 : 800;
    return {
      dt,
      main: {
        temp: temp(celsius),
        feels_like: temp(celsius + 1),
        temp_min: temp(celsius),
        temp_max: temp(celsius),
        pressure: 1010,
        humidity: place.current.humidity,
      },
      weather: [owCondition(id)],
      clouds: { all: 20 },
      wind: { speed: wind(place.current.windMs), deg: 110 },
      visibility: 10000,
      pop: 0.2,
      sys: { pod: hour >= 6 && hour < 18 ? 'd' : 'n' },
      dt_txt: new Date(dt * 1000).toISOString().replace('T', ' ').slice(0, 19),
    };
  });
  return {
    status: 200,
    body: {
      cod: '200',
      message: 0,
      cnt: list.length,
      list,
      city: {
        id: place.id,
        name: place.name,
        coord: { lat: place.latitude, lon: place.longitude },
        country: place.country_code,
        population: place.population,
        timezone: place.utcOffsetSeconds,
      },
    },
  };
}

/** 200 JSON that lacks what each endpoint's readers need. */
const WRONG_SHAPES: Record<FakeWeatherEndpoint, unknown> = {
  geocoding: { results: [{ id: 1645528, name: 'Denpasar' }], generationtime_ms: 0.5 },
  forecast: { latitude: -8.65, longitude: 115.25, generationtime_ms: 0.1 },
  'openweather-current': { cod: 200, name: 'Denpasar' },
  'openweather-forecast': { cod: '200', cnt: 0 },
};

const ENDPOINTS: Record<string, FakeWeatherEndpoint> = {
  '/v1/search': 'geocoding',
  '/v1/forecast': 'forecast',
  '/data/2.5/weather': 'openweather-current',
  '/data/2.5/forecast': 'openweather-forecast',
};

export async function startFakeWeatherUpstream(
  options: FakeWeatherOptions = {},
): Promise<FakeWeatherUpstream> {
  const now = options.now ?? (() => new Date());
  const slowMs = options.slowMs ?? 6000;
  const calls: FakeWeatherCall[] = [];
  let defaultMode: FakeWeatherMode = 'ok';
  const modes = new Map<FakeWeatherEndpoint, FakeWeatherMode>();
  const timers = new Set<NodeJS.Timeout>();

  function send(res: http.ServerResponse, status: number, body: unknown) {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  function answer(endpoint: FakeWeatherEndpoint, query: URLSearchParams) {
    if (endpoint === 'geocoding') return { status: 200, body: geocodingBody(query) };
    if (endpoint === 'forecast') return forecastBody(query, now());
    if (options.openWeatherApiKey && query.get('appid') !== options.openWeatherApiKey) {
      return {
        status: 401,
        body: {
          cod: 401,
          message: 'Invalid API key. Please see https://openweathermap.org/faq#error401.',
        },
      };
    }
    return endpoint === 'openweather-current'
      ? openWeatherCurrentBody(query, now())
      : openWeatherForecastBody(query, now());
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const endpoint = ENDPOINTS[url.pathname];
    if (req.method !== 'GET' || !endpoint) {
      send(res, 404, { error: true, reason: `No ${req.method} ${url.pathname} here` });
      return;
    }
    calls.push({ endpoint, query: Object.fromEntries(url.searchParams) });
    const mode = modes.get(endpoint) ?? defaultMode;
    if (mode === 'down') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    } else if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Service temporarily overloaded</h1></body></html>');
    } else if (mode === 'wrong-shape') {
      send(res, 200, WRONG_SHAPES[endpoint]);
    } else {
      const { status, body } = answer(endpoint, url.searchParams);
      if (mode === 'ok') {
        send(res, status, body);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, status, body);
      }, slowMs);
      timers.add(timer);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = {
    geocoding: `${url}/v1/search`,
    forecast: `${url}/v1/forecast`,
    openWeather: `${url}/data/2.5`,
  };

  return {
    url,
    urls,
    env: ({ openWeatherApiKey } = {}) => ({
      OPEN_METEO_GEOCODING_URL: urls.geocoding,
      OPEN_METEO_FORECAST_URL: urls.forecast,
      OPENWEATHER_BASE_URL: urls.openWeather,
      ...(openWeatherApiKey ? { OPENWEATHER_API_KEY: openWeatherApiKey } : {}),
    }),
    calls,
    callsTo: (endpoint) => calls.filter((call) => call.endpoint === endpoint),
    setMode(mode, endpoint) {
      if (endpoint) {
        modes.set(endpoint, mode);
        return;
      }
      defaultMode = mode;
      modes.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets from fetch would otherwise hold the server open.
      server.closeAllConnections();
      await closed;
    },
  };
}
