import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type ApiClient, type ApiResponse, apiClient, uniqueSuffix } from '../../test/apiClient';
import { startRedis, type TestRedis } from '../../test/redisServer';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * Issue #35, point 2: with Redis away, per-address sign-in limits failed open and each sign-in
 * waited about 2 s on Redis. Now, while Redis cannot answer, the limits count in the instance's
 * own memory at once, and in Redis again once it is back. The Redis server is the test's own:
 * killed (connections drop, new ones are refused) and paused (connections stay open, nothing is
 * answered — where a request that waits on Redis would wait for ever).
 */

type LogLine = { level: number; msg?: string };
const LOCAL = 'rate limits are counted in this instance while Redis is away';
const BACK = 'rate limits are counted in Redis again';
// Sign-in allows 20 attempts a minute per address (rateLimits.ts).
const SIGN_IN_LIMIT = 20;
/**
 * Far longer than a sign-in takes (~0.1 s, even on a busy CI machine); a request waiting on a
 * paused Redis would wait for ever, so only the path it takes can decide whether it answers.
 */
const ANSWERS_WITHIN_MS = 10_000;

let redis: TestRedis;
let t: TestApp;
let inspector: Redis;
const prefix = `tripmates-limits-${randomBytes(4).toString('hex')}`;
const log: LogLine[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) log.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestApp({
    env: { REDIS_URL: redis.url, REDIS_PREFIX: prefix, LOG_LEVEL: 'info' },
    logStream,
  });
  inspector = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  inspector.on('error', () => {});
});
afterAll(async () => {
  inspector?.disconnect();
  await t?.close();
  await redis?.close();
});

const said = (msg: string) => log.filter((line) => line.msg === msg).length;

/** The answer, or a failure naming the wait: a sign-in must never hang on Redis. */
async function answered<T>(request: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`a sign-in did not answer within ${ANSWERS_WITHIN_MS} ms`)),
      ANSWERS_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([request, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** A wrong sign-in, each for another made-up name (so no account lock answers instead). */
function wrongSignIn(visitor: ApiClient) {
  return answered(
    visitor.post('/api/login', { username: `nobody_${uniqueSuffix()}`, password: 'not it at all' }),
  );
}

async function attempts(visitor: ApiClient, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await wrongSignIn(visitor)).status);
  return statuses;
}

/** The counters Redis holds for an address (the sign-in route's, here). */
async function countersInRedis(ip: string) {
  if (inspector.status !== 'ready') await inspector.connect().catch(() => {});
  return inspector.keys(`${prefix}:rate-limit:*${ip}`);
}

it('counts in its own memory at once while Redis is down, and in Redis again once it is back', async () => {
  // Redis is up: an attempt is counted there.
  const before = apiClient(t.url);
  expect(await attempts(before, 1)).toEqual([401]);
  expect(await countersInRedis(before.ip)).toHaveLength(1);

  await redis.stop();
  inspector.disconnect();
  try {
    const visitor = apiClient(t.url);
    const statuses = await attempts(visitor, SIGN_IN_LIMIT + 2);
    expect(statuses.slice(0, SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
    expect(said(LOCAL)).toBe(1);
  } finally {
    await redis.start();
  }
  // Once the instance has reconnected, a new address's attempts are counted in Redis again.
  await vi.waitFor(
    async () => {
      const next = apiClient(t.url);
      expect(await attempts(next, 1)).toEqual([401]);
      expect(await countersInRedis(next.ip)).toHaveLength(1);
    },
    { timeout: 20_000, interval: 100 },
  );
  expect(said(BACK)).toBe(1);
  expect(said(LOCAL)).toBe(1);
}, 60_000);

it('answers at once from its own counts while Redis holds its connections and answers nothing', async () => {
  const visitor = apiClient(t.url);
  redis.pause();
  try {
    const statuses = await attempts(visitor, SIGN_IN_LIMIT + 1);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  } finally {
    redis.resume();
  }
  await vi.waitFor(() => expect(said(BACK)).toBe(2), { timeout: 20_000, interval: 50 });
}, 60_000);
