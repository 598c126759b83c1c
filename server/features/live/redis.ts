import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { LiveCore, LivePiece } from './core';

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

/**
 * Follows the adapter's two connections (issue #35): the instances' fan-out is lost as soon as
 * either closes, and back once both are ready again with the subscriptions in place — ioredis
 * subscribes again as the subscriber becomes ready, and a PING answered after that means Redis
 * has them. `lost` and `regained` are called once each per outage.
 */
export function watchFanOut(
  clients: { pub: Redis; sub: Redis },
  on: { lost(): void; regained(): void },
) {
  const { pub, sub } = clients;
  let up = true;
  let stopped = false;
  const ready = () => pub.status === 'ready' && sub.status === 'ready';
  async function backIfReady() {
    if (up || stopped || !ready()) return;
    try {
      await sub.ping();
    } catch {
      return; // dropped again: the next 'ready' tries again
    }
    if (up || stopped || !ready()) return;
    up = true;
    on.regained();
  }
  for (const client of [pub, sub]) {
    client.on('close', () => {
      if (!up || stopped) return;
      up = false;
      on.lost();
    });
    client.on('ready', () => void backIfReady());
  }
  return {
    /** Whether the instances hear each other through Redis now. */
    get up() {
      return up;
    },
    /** The server is closing: its own disconnects are no outage. */
    stop() {
      stopped = true;
    },
  };
}

const LOST = 'live events cannot reach Redis';

async function connectRedis(url: string, log: FastifyBaseLogger, isUp: () => boolean) {
  // A publish can fail while the connections still look fine; an outage they saw is said already.
  const outage = createOutageWarning((error) => {
    if (isUp()) log.warn({ err: error.message }, LOST);
  });
  const pub = new AdapterRedis(url, outage);
  const sub = new AdapterRedis(url, outage);
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself, every 2 s at most, failing each time while Redis is away: the
    // outage is said once (watchFanOut), each failed attempt only at debug level.
    client.on('error', (error) => log.debug({ err: error.message }, 'redis connection problem'));
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
 * each other. When Redis comes back after this instance lost it, every tab is told to refetch
 * (`live.resync()`): this instance's tabs missed what the others said meanwhile, and the others'
 * tabs missed what this one said.
 */
export function redisAdapter(
  live: LiveCore,
  options: { url: string; prefix: string; log: FastifyBaseLogger },
): LivePiece {
  const { log } = options;
  let clients: { pub: Redis; sub: Redis } | null = null;
  let fanOut: ReturnType<typeof watchFanOut> | null = null;
  return {
    name: 'redis',
    async configure() {
      clients = await connectRedis(options.url, log, () => fanOut?.up ?? true);
      return { adapter: createAdapter(clients.pub, clients.sub, { key: options.prefix }) };
    },
    started() {
      if (!clients) return;
      fanOut = watchFanOut(clients, {
        lost: () => log.warn(LOST),
        regained() {
          log.info('live events reach Redis again');
          live.resync();
        },
      });
    },
    closing() {
      fanOut?.stop();
    },
    closed() {
      // disconnect(), not quit(): quit is a command, which waits for (or fails without) Redis.
      clients?.pub.disconnect();
      clients?.sub.disconnect();
    },
  };
}
