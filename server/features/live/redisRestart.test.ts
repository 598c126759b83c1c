import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEMBER_GONE } from '../../../shared/contracts/live';
import type { Todo } from '../../../shared/contracts/todos';
import { apiClient } from '../../test/apiClient';
import { type Account, createAccount, createTrip, signedInClient } from '../../test/factories';
import {
  collect,
  connectLive,
  disconnected,
  drained,
  joinTrip,
  type LiveClient,
  nextEvent,
  savedIn,
} from '../../test/liveClient';
import { startRedis, type TestRedis } from '../../test/redisServer';
import { startTcpProxy, type TcpProxy } from '../../test/tcpProxy';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * Issue #35, point 2: Redis going away under two instances that share a database. Before, the
 * other instance's tabs never heard the changes made meanwhile (no tab reconnected or refetched),
 * and a removed member's or a signed-out tab there went on hearing the trip until the minute's
 * recheck. Now an instance that regains Redis tells every tab — its own, and through Redis the
 * others' — to refetch (`resync`), and revocations travel on the database's change feed, which
 * every instance hears without Redis.
 *
 * The Redis server is the test's own, killed and started again; A reaches it directly and B
 * through a proxy, so that B alone can lose it too.
 */

type LogLine = { level: number; msg?: string };
const LOST = 'live events cannot reach Redis';
const BACK = 'live events reach Redis again';

let redis: TestRedis;
let proxy: TcpProxy;
let a: TestApp;
let b: TestApp;
const logOf = { a: [] as LogLine[], b: [] as LogLine[] };
const sockets: LiveClient[] = [];

function collectLog(lines: LogLine[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
}
const said = (lines: LogLine[], msg: string) => lines.filter((line) => line.msg === msg).length;

beforeAll(async () => {
  redis = await startRedis();
  proxy = await startTcpProxy({ port: redis.port });
  const env = {
    REDIS_PREFIX: `tripmates-restart-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'info',
  };
  a = await startTestApp({ env: { ...env, REDIS_URL: redis.url }, logStream: collectLog(logOf.a) });
  b = await startTestApp({
    env: { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` },
    database: a.database,
    logStream: collectLog(logOf.b),
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await proxy?.close();
  await redis?.close();
});

async function tabOn(instance: TestApp, who: Account, tripId?: string) {
  const socket = await connectLive(instance.url, who.client.cookie);
  sockets.push(socket);
  if (tripId) expect((await joinTrip(socket, tripId)).ok).toBe(true);
  return socket;
}

/** The same signed-in browser, its requests sent to instance B. */
function onB(who: Account) {
  const client = apiClient(b.url);
  client.cookie = who.client.cookie;
  return client;
}

/** Resolves once both instances hear each other through Redis again. */
async function crossingAgain(tab: LiveClient) {
  await vi.waitFor(() => drained(b.app.live.io, tab, 1000), { timeout: 20_000, interval: 50 });
}

describe('catching up after Redis comes back', () => {
  it('every tab is told to refetch once Redis is back, and a refetch has what B saved meanwhile', async () => {
    const ana = await createAccount(a, { firstName: 'Ana' });
    const bruno = await createAccount(a, { firstName: 'Bruno' });
    const trip = await createTrip(a.database.db, ana.id, { memberIds: [bruno.id] });
    const anaOnA = await tabOn(a, ana, trip.id);
    const brunoOnB = await tabOn(b, bruno, trip.id);
    const lostBefore = { a: said(logOf.a, LOST), b: said(logOf.b, LOST) };
    const resyncs = [collect(anaOnA, 'resync'), collect(brunoOnB, 'resync')];

    await redis.stop();
    const texts = Array.from({ length: 5 }, (_, i) => `Saved on B while Redis was down ${i}`);
    for (const text of texts) {
      expect((await onB(bruno).post(`/api/trips/${trip.id}/todos`, { text })).status).toBe(201);
    }
    await redis.start();

    // Each instance tells its own tabs; whichever regains second also reaches the other's.
    await vi.waitFor(() => expect(resyncs.map((heard) => heard.length > 0)).toEqual([true, true]), {
      timeout: 20_000,
      interval: 50,
    });
    // What a tab refetches (its to-do list, through its own instance) has all of them.
    const list = await ana.client.get<Todo[]>(`/api/trips/${trip.id}/todos`);
    expect(list.body.map((todo) => todo.text)).toEqual(expect.arrayContaining(texts));
    // The loss and the return are said once each, on each instance.
    expect(said(logOf.a, LOST) - lostBefore.a).toBe(1);
    expect(said(logOf.b, LOST) - lostBefore.b).toBe(1);
    await vi.waitFor(() => {
      expect(said(logOf.a, BACK)).toBeGreaterThan(0);
      expect(said(logOf.b, BACK)).toBeGreaterThan(0);
    });
    await crossingAgain(anaOnA);
    // Two instances regained: a tab heard each of them at most once, not a stream.
    for (const heard of resyncs) expect(heard.length).toBeLessThanOrEqual(2);
  }, 60_000);

  it("an instance that alone lost Redis has the other instance's tabs refetch too", async () => {
    const ana = await createAccount(a, { firstName: 'Ana' });
    const bruno = await createAccount(a, { firstName: 'Bruno' });
    const trip = await createTrip(a.database.db, ana.id, { memberIds: [bruno.id] });
    const anaOnA = await tabOn(a, ana, trip.id);
    const lostOnA = said(logOf.a, LOST);
    const lostOnB = said(logOf.b, LOST);
    const resynced = collect(anaOnA, 'resync');

    await proxy.cut(); // B's way to Redis only: A hears Redis all along
    await vi.waitFor(() => expect(said(logOf.b, LOST)).toBe(lostOnB + 1), { timeout: 10_000 });
    const text = 'Saved on B while it could not reach Redis';
    expect((await onB(bruno).post(`/api/trips/${trip.id}/todos`, { text })).status).toBe(201);
    await proxy.restore();

    // Only B's return, through Redis, can tell A's tab.
    await vi.waitFor(() => expect(resynced.length).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 50,
    });
    expect(said(logOf.a, LOST)).toBe(lostOnA);
    const list = await ana.client.get<Todo[]>(`/api/trips/${trip.id}/todos`);
    expect(list.body.map((todo) => todo.text)).toContain(text);
    await crossingAgain(anaOnA);
  }, 60_000);
});

describe('revocation while Redis is down', () => {
  it("a removed member, one who left, a deleted trip's and signed-out tabs on A are let go by B's changes", async () => {
    const ana = await createAccount(a, { firstName: 'Ana' });
    const bruno = await createAccount(a, { firstName: 'Bruno' });
    const carla = await createAccount(a, { firstName: 'Carla' });
    const dora = await createAccount(a, { firstName: 'Dora' });
    const eva = await createAccount(a, { firstName: 'Eva' });
    const trip = await createTrip(a.database.db, ana.id, { memberIds: [bruno.id, carla.id] });
    const other = await createTrip(a.database.db, ana.id, { memberIds: [dora.id] });
    const anaOnA = await tabOn(a, ana, trip.id);
    const brunoOnA = await tabOn(a, bruno, trip.id);
    const carlaOnA = await tabOn(a, carla, trip.id);
    const doraOnA = await tabOn(a, dora, other.id);
    const evaOnA = await tabOn(a, eva);
    // Eva is signed in on a second browser too, which signs the first one out (everywhere else).
    const evaElsewhere = await signedInClient(b, eva.user);
    const doraElsewhere = await tabOn(a, dora); // Dora's second tab, on no trip

    await redis.stop();
    try {
      const removed = nextEvent(brunoOnA, 'trip:gone');
      expect((await onB(ana).delete(`/api/trips/${trip.id}/members/${bruno.id}`)).status).toBe(200);
      expect(await removed).toEqual({ tripId: trip.id, message: MEMBER_GONE.removed });

      const left = nextEvent(carlaOnA, 'trip:gone');
      expect((await onB(carla).post(`/api/trips/${trip.id}/leave`)).status).toBe(200);
      expect(await left).toEqual({ tripId: trip.id, message: MEMBER_GONE.left });

      const deleted = nextEvent(doraOnA, 'trip:gone');
      expect((await onB(ana).delete(`/api/trips/${other.id}`)).status).toBe(200);
      expect(await deleted).toEqual({ tripId: other.id, message: MEMBER_GONE.deleted });

      const signedOut = disconnected(doraElsewhere);
      expect((await onB(dora).post('/api/logout')).status).toBe(200);
      expect(await signedOut).toBe('io server disconnect');

      const everywhereElse = disconnected(evaOnA);
      expect((await evaElsewhere.delete('/api/sessions')).status).toBe(200);
      expect(await everywhereElse).toBe('io server disconnect');

      // Still without Redis: A's own broadcasts of the trip reach Ana, and no longer Bruno or
      // Carla.
      const heard = [collect(brunoOnA, 'change'), collect(carlaOnA, 'change')];
      const saved = nextEvent(anaOnA, 'change', savedIn('todos'));
      const text = 'After Bruno and Carla went';
      expect((await ana.client.post(`/api/trips/${trip.id}/todos`, { text })).status).toBe(201);
      await saved;
      await drained(a.app.live.io, brunoOnA);
      await drained(a.app.live.io, carlaOnA);
      expect(heard).toEqual([[], []]);
    } finally {
      await redis.start();
    }
    await crossingAgain(anaOnA);
  }, 60_000);
});
