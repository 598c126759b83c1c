import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createChangeSequence } from '../../../app/features/live/changeSequence';
import type { TripChangesSince } from '../../../shared/contracts/live';
import { apiClient, newAccount } from '../../test/apiClient';
import { createTrip } from '../../test/factories';
import {
  connectLive,
  drained,
  joinTrip,
  type LiveClient,
  nextEvent,
  savedIn,
} from '../../test/liveClient';
import { startTcpProxy, type TcpProxy } from '../../test/tcpProxy';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * Redis going away under a running instance: the instance keeps serving its own tabs, no failed
 * publish becomes an unhandled rejection (which would end the process), and once Redis is back
 * the events cross again. Redis is reached through a small TCP proxy on 127.0.0.1 that the test
 * cuts and restores; the Redis server itself is never touched.
 */
let proxy: TcpProxy;

let a: TestApp;
let b: TestApp;
const sockets: LiveClient[] = [];
/** What instance A logs (warnings and worse), one parsed line each. */
const logOfA: { msg?: string }[] = [];

beforeAll(async () => {
  proxy = await startTcpProxy({ port: 6379 });
  const env = {
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    REDIS_PREFIX: `tripmates-outage-${randomBytes(4).toString('hex')}`,
  };
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logOfA.push(JSON.parse(line));
      done();
    },
  });
  a = await startTestApp({ env: { ...env, LOG_LEVEL: 'warn' }, logStream });
  b = await startTestApp({ env, database: a.database });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await b?.close();
  await a?.close();
  await proxy?.close();
});

async function tabOn(instance: TestApp, cookie: string | null, tripId: string) {
  const socket = await connectLive(instance.url, cookie);
  sockets.push(socket);
  expect((await joinTrip(socket, tripId)).ok).toBe(true);
  return socket;
}

it('keeps serving its own tabs while Redis is away, and crosses instances again once it is back', async () => {
  const client = apiClient(a.url);
  const res = await client.post<{ user: { id: string } }>('/api/register', newAccount());
  expect(res.status).toBe(201);
  const trip = await createTrip(a.database.db, res.body.user.id);
  const onA = await tabOn(a, client.cookie, trip.id);
  const onB = await connectLive(b.url, client.cookie);
  sockets.push(onB);
  // The tab on B counts the trip's changes as the app does (issue #37): the one Redis lost is
  // asked for when the next one shows the gap.
  const seenOnB: string[] = [];
  const fetchSince = vi.fn(async (since: number) => {
    const res = await client.get<TripChangesSince>(`/api/trips/${trip.id}/changes?since=${since}`);
    return res.body;
  });
  const refetchAll = vi.fn();
  const sequence = createChangeSequence({
    apply: (change) => {
      if (change.type === 'item:saved') seenOnB.push((change.item as { text: string }).text);
    },
    fetchSince,
    refetchAll,
  });
  onB.on('change', ({ change, seq }) => {
    // Whether the publish made while Redis was away is dropped or delivered late depends on when
    // ioredis gives up on it; the tab drops it here, so that the gap is certain.
    const text = change.type === 'item:saved' && (change.item as { text: string }).text;
    if (text !== 'While Redis is away') sequence.received(change, seq);
  });
  const joined = await joinTrip(onB, trip.id);
  expect(joined.ok).toBe(true);
  if (joined.ok) sequence.joined(joined.seq);

  await proxy.cut();
  const during = nextEvent(onA, 'change', savedIn('todos'));
  const added = await client.post(`/api/trips/${trip.id}/todos`, { text: 'While Redis is away' });
  expect(added.status).toBe(201);
  expect((await during).change).toMatchObject({ item: { text: 'While Redis is away' } });
  // A says once that it lost Redis; the publish of that change fails once ioredis gives up on it
  // after a few reconnects, and A goes on (an unhandled rejection here would fail this file).
  await vi.waitFor(
    () => expect(logOfA.map((line) => line.msg)).toContain('live events cannot reach Redis'),
    { timeout: 10_000, interval: 20 },
  );

  await proxy.restore();
  // The clients reconnect with backoff: A sends the tab on B markers, the way it broadcasts
  // (through Redis, to the instance that has the tab), until one arrives.
  await vi.waitFor(() => drained(a.app.live.io, onB, 2000), { timeout: 20_000, interval: 50 });
  const crossed = nextEvent(onB, 'change', savedIn('todos'), 10_000);
  const again = await client.post(`/api/trips/${trip.id}/todos`, { text: 'Redis is back' });
  expect(again.status).toBe(201);
  expect((await crossed).change).toMatchObject({
    item: { text: expect.stringMatching(/^Redis is back/) },
  });
  await vi.waitFor(() => expect(seenOnB).toEqual(['While Redis is away', 'Redis is back']));
  expect(fetchSince).toHaveBeenCalledTimes(1);
  expect(refetchAll).not.toHaveBeenCalled();
}, 30_000);
