import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Counted = (error: Error | null, result?: Count) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What @fastify/rate-limit's own stores do: count (`incr`), peek (`read`), and one per route. */
type Store = {
  incr(key: string, done: Counted, timeWindow: number, max: number): void;
  read(key: string, done: Counted, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
};
/** The settings the plugin gives a store's constructor (its registration's, merged). */
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

// The plugin's two stores, which it does not export: counting in Redis (a Lua script), and in
// this process's memory. This store only chooses between them.
const require = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store = require('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store = require('@fastify/rate-limit/store/LocalStore.js');

// A Redis that answers nothing (frozen, or a network that drops packets) keeps its connection
// "ready": a command that gets no answer in this long is taken as Redis being away.
const COMMAND_TIMEOUT_MS = 500;
// While such a Redis holds its connection, it is asked again this often (one PING).
const PROBE_EVERY_MS = 1000;

export const RATE_LIMIT_LOCAL = 'rate limits are counted in this instance while Redis is away';
export const RATE_LIMIT_BACK = 'rate limits are counted in Redis again';

/**
 * The connection to Redis for the rate limits: no command ever waits for a reconnection (none
 * is queued while Redis is away, none is retried after the connection dropped), and one that
 * gets no answer fails after COMMAND_TIMEOUT_MS.
 */
export function rateLimitRedis(url: string) {
  return new Redis(url, {
    connectTimeout: 500,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
}

/** Whether Redis can count now; an outage is logged once when it begins and once when it ends. */
function watchRedis(redis: Redis, log: FastifyBaseLogger) {
  let away = false;
  let probing = false;
  let lastError: string | undefined;

  function lost(why: string | undefined) {
    if (away) return;
    away = true;
    log.warn({ err: why }, RATE_LIMIT_LOCAL);
  }
  function back() {
    if (!away) return;
    away = false;
    log.info(RATE_LIMIT_BACK);
  }
  /** The connection looks fine but Redis did not answer: ask it, now and then, until it does. */
  function probe() {
    if (probing || !away || redis.status !== 'ready') return;
    probing = true;
    redis.ping().then(
      () => {
        probing = false;
        back();
      },
      () => {
        probing = false;
        setTimeout(probe, PROBE_EVERY_MS).unref();
      },
    );
  }

  // ioredis reconnects by itself, failing every 2 s at most while Redis is away.
  redis.on('error', (error: Error) => {
    lastError = error.message;
    log.debug({ err: error.message }, 'redis (rate limits) connection problem');
  });
  redis.on('close', () => lost(lastError));
  redis.on('ready', back);
  return {
    usable: () => !away && redis.status === 'ready',
    failed(error: Error) {
      lost(error.message);
      probe();
    },
  };
}

/**
 * @fastify/rate-limit's store for instances that share a Redis (issue #35): the counts are kept
 * in Redis while it answers, so a limit holds whichever instance a request reaches; while it
 * does not — down, restarting, unreachable, frozen — in this instance's own memory at once, so
 * no request waits on Redis and none is let through uncounted (each instance then allows the
 * limit on its own). Back in Redis once it answers again.
 */
export function redisOrLocalStore(
  redis: Redis,
  options: { nameSpace: string; log: FastifyBaseLogger },
): FastifyRateLimitStoreCtor {
  const health = watchRedis(redis, options.log);

  function either(inRedis: Store, local: Store): Store {
    const count =
      (method: 'incr' | 'read') =>
      (key: string, done: Counted, timeWindow: number, max: number) => {
        if (!health.usable()) return local[method](key, done, timeWindow, max);
        inRedis[method](
          key,
          (error, result) => {
            if (!error) return done(null, result);
            health.failed(error);
            local[method](key, done, timeWindow, max);
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: count('incr'),
      read: count('read'),
      child: (routeOptions) => either(inRedis.child(routeOptions), local.child(routeOptions)),
    };
  }

  // The plugin makes the store with `new`, giving it the registration's settings.
  return function RedisOrLocalStore(params: StoreParams) {
    const continueExceeding = params.continueExceeding ?? false;
    const exponentialBackoff = params.exponentialBackoff ?? false;
    return either(
      new RedisStore(continueExceeding, exponentialBackoff, redis, options.nameSpace),
      new LocalStore(continueExceeding, exponentialBackoff, params.cache),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The rate limits' store when instances share a Redis at `url`, with its connection closed as
 * the app closes. app.ts imports this file only then: ioredis is ~13 MB of memory a single
 * instance never uses (issue #36).
 */
export function sharedLimitStore(
  app: FastifyInstance,
  url: string,
  prefix: string,
): FastifyRateLimitStoreCtor {
  const redis = rateLimitRedis(url);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redisOrLocalStore(redis, { nameSpace: `${prefix}:rate-limit:`, log: app.log });
}
