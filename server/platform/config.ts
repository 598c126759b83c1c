import path from 'node:path';
import { z } from 'zod';
import type { IceServer, IceTransportPolicy } from '../../shared/contracts/calls';
import {
  DEFAULT_PHOTO_MAX_FILE_MB,
  DEFAULT_PHOTO_MAX_TRIP_MB,
} from '../../shared/contracts/photos';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Treats `FOO=` (set but empty) like an unset variable, as shells and .env files often do. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const urlWithProtocol = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, like ${example}`,
  );

function parseJson(value: unknown) {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // the schema then says what was expected
  }
}

const iceServerSetting = z.strictObject({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const megabytes = (fallback: number, max: number) => {
  const message = `must be a whole number of megabytes, from 1 to ${max}`;
  return optional(
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message),
  ).default(fallback);
};

const contactEmail = z.email('must be an e-mail address, like support@example.com');

/** Every setting Tripmates reads from the environment. The README's table documents each one. */
const envSchema = z.object({
  PORT: z.preprocess(
    (value) => (value === undefined || value === '' ? 3000 : value),
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535'),
  ),
  HOST: optional(z.string().min(1)).default('localhost'),
  PUBLIC_URL: optional(urlWithProtocol(['http:', 'https:'], 'https://trips.example.com')),
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  DATABASE_URL: optional(
    urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://user@127.0.0.1:5432/tripmates'),
  ),
  REDIS_URL: optional(urlWithProtocol(['redis:', 'rediss:'], 'redis://127.0.0.1:6379')),
  // Instances that share a Redis server and this prefix share their live events.
  REDIS_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -'),
  ).default('tripmates'),
  SMTP_URL: optional(urlWithProtocol(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587')),
  LOG_LEVEL: optional(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
  ).default('info'),
  CLIENT_DIR: optional(z.string().min(1)).default('./dist/client'),
  TRUST_PROXY: optional(z.string().min(1)).default('false'),
  // Contact addresses the public pages show (issue #4).
  SUPPORT_EMAIL: optional(contactEmail).default('support@tripmates.app'),
  CAREERS_EMAIL: optional(contactEmail).default('careers@tripmates.app'),
  PRESS_EMAIL: optional(contactEmail).default('press@tripmates.app'),
  BLOG_EMAIL: optional(contactEmail).default('blog@tripmates.app'),
  // Outside services (issue #6). Base URLs are settings so tests (and a proxy) can stand in.
  OPEN_METEO_GEOCODING_URL: optional(
    urlWithProtocol(['http:', 'https:'], 'https://geocoding-api.open-meteo.com/v1/search'),
  ).default('https://geocoding-api.open-meteo.com/v1/search'),
  OPEN_METEO_FORECAST_URL: optional(
    urlWithProtocol(['http:', 'https:'], 'https://api.open-meteo.com/v1/forecast'),
  ).default('https://api.open-meteo.com/v1/forecast'),
  OPENWEATHER_API_KEY: optional(z.string().trim().min(1)),
  OPENWEATHER_BASE_URL: optional(
    urlWithProtocol(['http:', 'https:'], 'https://api.openweathermap.org/data/2.5'),
  ).default('https://api.openweathermap.org/data/2.5'),
  PEXELS_API_KEY: optional(z.string().trim().min(1)),
  PEXELS_BASE_URL: optional(urlWithProtocol(['http:', 'https:'], 'https://api.pexels.com')).default(
    'https://api.pexels.com',
  ),
  // Issue #21: flight prices from Duffel (a test-mode token works); without it, partner links.
  DUFFEL_ACCESS_TOKEN: optional(z.string().trim().min(1)),
  DUFFEL_BASE_URL: optional(urlWithProtocol(['http:', 'https:'], 'https://api.duffel.com')).default(
    'https://api.duffel.com',
  ),
  // Duffel asks its airlines for up to 10 s; slower than this counts as down.
  DUFFEL_TIMEOUT_MS: optional(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds, 100 or more' })
      .int('must be a whole number of milliseconds, 100 or more')
      .min(100, 'must be a whole number of milliseconds, 100 or more'),
  ).default(15_000),
  // Tests only: pasted links may name 127.0.0.1, where the tests' fake listing site runs.
  LINK_PREVIEW_ALLOW_LOOPBACK: optional(
    z.enum(['true', 'false'], { error: 'must be true or false' }),
  ).default('false'),
  // Affiliate ids the partners gave the operator, added to their links (spec §9).
  SKYSCANNER_ASSOCIATE_ID: optional(z.string().trim().min(1).max(100)),
  BOOKING_AFFILIATE_ID: optional(z.string().trim().min(1).max(100)),
  // Issue #7: `invite` closes open sign-up; an invitation link still lets people create accounts.
  REGISTRATION: optional(z.enum(['open', 'invite'], { error: 'must be open or invite' })).default(
    'open',
  ),
  LANDING_VIDEO_URL: optional(
    urlWithProtocol(['http:', 'https:'], 'https://videos.example.com/coast.mp4'),
  ),
  // Issue #19, audio rooms: STUN/TURN servers every browser is given (architecture §2), and a
  // TURN server whose credentials Tripmates mints per person (coturn's use-auth-secret).
  ICE_SERVERS: optional(
    z.preprocess(
      parseJson,
      z.array(iceServerSetting, {
        error: 'must be a JSON array of ICE servers, like [{"urls":"stun:stun.example.com:3478"}]',
      }),
    ),
  ).default([]),
  TURN_URLS: optional(
    z
      .string()
      .transform((value) => value.split(',').map((url) => url.trim()))
      .pipe(
        z.array(
          z.string().regex(/^turns?:\S+$/, 'must be turn: or turns: URLs, separated by commas'),
        ),
      ),
  ),
  TURN_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  // relay: every call goes through the TURN server (no direct paths, so no addresses shown).
  ICE_TRANSPORT_POLICY: optional(
    z.enum(['all', 'relay'], { error: 'must be all or relay' }),
  ).default('all'),
  // How long a call minute lasts: 60000. Shorter for tests and demos of the plans' call limits.
  CALL_MINUTE_MS: optional(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds, 100 or more' })
      .int('must be a whole number of milliseconds, 100 or more')
      .min(100, 'must be a whole number of milliseconds, 100 or more'),
  ).default(60_000),
  // Issue #23, photo sharing: how large a photo and a trip's album can be.
  // A photo's stored sizes are added up in a 32-bit column: 200 MB files keep far below it.
  PHOTO_MAX_FILE_MB: megabytes(DEFAULT_PHOTO_MAX_FILE_MB, 200),
  PHOTO_MAX_TRIP_MB: megabytes(DEFAULT_PHOTO_MAX_TRIP_MB, 10_000_000),
  // Photos go to S3-compatible storage when S3_BUCKET is set, else to files under DATA_DIR.
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
  ),
  S3_ENDPOINT: optional(urlWithProtocol(['http:', 'https:'], 'https://s3.eu-west-1.amazonaws.com')),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region, like eu-west-1')),
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
  // Path-style addresses (endpoint/bucket/key) suit most S3-compatible servers; AWS prefers
  // the bucket's own host name.
  S3_PATH_STYLE: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
});

type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/** Fastify's trustProxy: true/false, a hop count, or a comma-separated list of addresses. */
function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** Where photos are stored (issue #23). */
export type PhotoStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Without a trailing slash, e.g. https://s3.eu-west-1.amazonaws.com */
      endpoint: string;
      region: string;
      pathStyle: boolean;
      /** Secrets: never logged, never sent to a client. */
      accessKeyId: string;
      secretAccessKey: string;
    };

export type Config = {
  port: number;
  host: string;
  /** Origin users reach the app at, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The Redis channel prefix of the live events (instances of one deployment share it). */
  redisPrefix: string;
  smtpUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Where the built client lives; absent in development, when Vite serves it. */
  clientDir: string;
  trustProxy: TrustProxy;
  /** Addresses shown on the public pages. */
  contacts: { supportEmail: string; careersEmail: string; pressEmail: string; blogEmail: string };
  /** Weather providers: Open-Meteo (no key) unless an OpenWeather key is set. Keys are secrets. */
  weather: {
    openMeteoGeocodingUrl: string;
    openMeteoForecastUrl: string;
    openWeatherApiKey: string | undefined;
    openWeatherBaseUrl: string;
  };
  /** Pexels photos and videos; without a key, bundled photos and no videos. */
  pexels: { apiKey: string | undefined; baseUrl: string };
  /** Flight and stay searches (issue #21): Duffel prices flights when set; affiliate ids. */
  search: {
    duffel: { accessToken: string; baseUrl: string; timeoutMs: number } | undefined;
    affiliates: { skyscanner: string | undefined; booking: string | undefined };
    /** Pasted links: only public addresses, unless a test allows its local fake site. */
    linkPreview: { allowLoopback: boolean };
  };
  /** The landing page's background video; without it (and without Pexels), its poster. */
  landingVideoUrl: string | undefined;
  /** open: anyone may sign up; invite: only through a trip's invitation. */
  registration: 'open' | 'invite';
  /** Audio rooms: ICE servers for every browser; TURN credentials minted with a secret. */
  calls: {
    iceServers: IceServer[];
    /** Both set or both absent (checked at start-up). The secret never leaves the server. */
    turn: { urls: string[]; secret: string } | undefined;
    iceTransportPolicy: IceTransportPolicy;
    minuteMs: number;
  };
  /** Photo sharing (issue #23): limits in bytes, and where the files are kept. */
  photos: { maxFileBytes: number; maxTripBytes: number; storage: PhotoStorageConfig };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates the environment. Throws a ConfigError whose message is one line naming each bad
 * variable, so `PORT=abc npm start` tells the operator exactly what to fix.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = env[name];
      return `${name} ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.TURN_URLS) !== Boolean(e.TURN_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: TURN_URLS and TURN_SECRET go together (set both, or neither)',
    );
  }
  const s3Settings = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_ENDPOINT, e.S3_REGION];
  if (!e.S3_BUCKET && s3Settings.some(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: S3_BUCKET is not set, so the other S3_ settings would do nothing (set S3_BUCKET to store photos in S3)',
    );
  }
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    contacts: {
      supportEmail: e.SUPPORT_EMAIL,
      careersEmail: e.CAREERS_EMAIL,
      pressEmail: e.PRESS_EMAIL,
      blogEmail: e.BLOG_EMAIL,
    },
    weather: {
      openMeteoGeocodingUrl: e.OPEN_METEO_GEOCODING_URL.replace(/\/+$/, ''),
      openMeteoForecastUrl: e.OPEN_METEO_FORECAST_URL.replace(/\/+$/, ''),
      openWeatherApiKey: e.OPENWEATHER_API_KEY,
      openWeatherBaseUrl: e.OPENWEATHER_BASE_URL.replace(/\/+$/, ''),
    },
    pexels: { apiKey: e.PEXELS_API_KEY, baseUrl: e.PEXELS_BASE_URL.replace(/\/+$/, '') },
    search: {
      duffel: e.DUFFEL_ACCESS_TOKEN
        ? {
            accessToken: e.DUFFEL_ACCESS_TOKEN,
            baseUrl: e.DUFFEL_BASE_URL.replace(/\/+$/, ''),
            timeoutMs: e.DUFFEL_TIMEOUT_MS,
          }
        : undefined,
      affiliates: { skyscanner: e.SKYSCANNER_ASSOCIATE_ID, booking: e.BOOKING_AFFILIATE_ID },
      linkPreview: { allowLoopback: e.LINK_PREVIEW_ALLOW_LOOPBACK === 'true' },
    },
    landingVideoUrl: e.LANDING_VIDEO_URL,
    registration: e.REGISTRATION,
    calls: {
      iceServers: e.ICE_SERVERS,
      turn: e.TURN_URLS && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : undefined,
      iceTransportPolicy: e.ICE_TRANSPORT_POLICY,
      minuteMs: e.CALL_MINUTE_MS,
    },
    photos: {
      maxFileBytes: e.PHOTO_MAX_FILE_MB * 1024 * 1024,
      maxTripBytes: e.PHOTO_MAX_TRIP_MB * 1024 * 1024,
      storage: photoStorageOf(e, dataDir),
    },
  };
}

function photoStorageOf(e: z.output<typeof envSchema>, dataDir: string): PhotoStorageConfig {
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    return { kind: 'disk', dir: path.join(dataDir, 'photos') };
  }
  const region = e.S3_REGION ?? 'us-east-1';
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    region,
    // AWS itself: the bucket's host name unless asked otherwise; other servers: paths.
    pathStyle: e.S3_PATH_STYLE ? e.S3_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}
