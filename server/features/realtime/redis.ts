import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { LivePiece } from './core';

/** Says the first failure of an outage, and nothing more until a success has ended it. */
export function createOutageWarning(warn: (error: Error) => void) {
  let warned = false;
  return {
    succeeded() {
      warned = false;
    },
    failed(error: Error) {
      if (!warned) warn(error);
      warned = true;
    },
  };
}
type OutageWarning = ReturnType<typeof createOutageWarning>;

/**
 * A Redis client for the adapter, which publishes (and, as it closes, unsubscribes) without
 * waiting for the answer. While Redis is unreachable those commands fail, and an unhandled
 * rejection would take the whole process down; here they never reject. A live event that cannot
 * reach the other instances is dropped (this instance's own tabs still get it) and said once per
 * outage; a server shutting down while Redis is away must not die of its unsubscribes halfway.
 */
export class AdapterRedis extends Redis {
  readonly #outage: OutageWarning;

  constructor(url: string, outage: OutageWarning, options: RedisOptions = {}) {
    super(url, { lazyConnect: true, maxRetriesPerRequest: 3, ...options });
    this.#outage = outage;
  }

  override publish(channel: string | Buffer, message: string | Buffer): Promise<number> {
    return super.publish(channel, message).then(
      (receivers) => {
        this.#outage.succeeded();
        return receivers;
      },
      (error: Error) => {
        this.#outage.failed(error);
        return 0;
      },
    );
  }

  // `unknown[]`: ioredis' overloads also take a trailing callback, which the adapter never passes.
  override unsubscribe(...channels: unknown[]): Promise<unknown> {
    return super.unsubscribe(...(channels as string[])).catch(() => 0);
  }

  override punsubscribe(...patterns: unknown[]): Promise<unknown> {
    return super.punsubscribe(...(patterns as string[])).catch(() => 0);
  }
}

async function connectRedis(url: string, log: FastifyBaseLogger) {
  const outage = createOutageWarning((error) =>
    log.warn({ err: error.message }, 'live events cannot reach Redis'),
  );
  const pub = new AdapterRedis(url, outage);
  const sub = new AdapterRedis(url, outage);
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself; say so once per failure instead of crashing on 'error'.
    client.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem'));
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(
      `Could not reach Redis at REDIS_URL (${(error as Error).message}). Start Redis, or unset REDIS_URL to run one instance without it.`,
    );
  }
  return { pub, sub };
}

/**
 * The Redis adapter: every event (and presence read, and `serverSideEmit`) reaches the other
 * instances sharing the Redis server and `prefix`; only instances with the same prefix hear
 * each other.
 */
export function redisAdapter(options: {
  url: string;
  prefix: string;
  log: FastifyBaseLogger;
}): LivePiece {
  let clients: Redis[] = [];
  return {
    name: 'redis',
    async configure() {
      const { pub, sub } = await connectRedis(options.url, options.log);
      clients = [pub, sub];
      return { adapter: createAdapter(pub, sub, { key: options.prefix }) };
    },
    closed() {
      // disconnect(), not quit(): quit is a command, which waits for (or fails without) Redis.
      for (const client of clients) client.disconnect();
    },
  };
}
