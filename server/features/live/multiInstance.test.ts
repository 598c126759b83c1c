import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { type ApiClient, apiClient, newAccount } from '../../test/apiClient';
import { createTrip } from '../../test/factories';
import {
  collect,
  connectLive,
  drained,
  joinTrip,
  type LiveClient,
  moveCursor,
  nextCursor,
  nextEvent,
  savedIn,
} from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * Two instances of the app sharing one database (the PostgreSQL server in CI's second pass) and
 * the Redis server on this machine, as two servers behind a load balancer would: what happens on
 * one reaches the tabs connected to the other. Needs Redis at TEST_REDIS_URL (default
 * redis://127.0.0.1:6379, which the development and CI machines run).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A prefix of this run's own: parallel test files and runs never hear each other.
const env = { REDIS_URL, REDIS_PREFIX: `tripmates-test-${randomBytes(4).toString('hex')}` };

let a: TestApp;
let b: TestApp;
let ana: { client: ApiClient; id: string };
let bruno: { client: ApiClient; id: string };
let tripId: string;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  a = await startTestApp({ env });
  b = await startTestApp({ env, database: a.database });
  ana = await signUp(a, 'Ana');
  bruno = await signUp(b, 'Bruno');
  tripId = (await createTrip(a.database.db, ana.id, { memberIds: [bruno.id] })).id;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await b?.close();
  await a?.close();
});

async function signUp(instance: TestApp, firstName: string) {
  const client = apiClient(instance.url);
  const res = await client.post<{ user: { id: string } }>(
    '/api/register',
    newAccount({ firstName, lastName: 'Test' }),
  );
  expect(res.status).toBe(201);
  return { client, id: res.body.user.id };
}

async function tabOn(instance: TestApp, cookie: string | null, trip = tripId) {
  const socket = await connectLive(instance.url, cookie);
  sockets.push(socket);
  const ack = await joinTrip(socket, trip);
  expect(ack.ok).toBe(true);
  return socket;
}

it('presence lists members connected to either instance', async () => {
  const anaTab = await tabOn(a, ana.client.cookie);
  const both = nextEvent(anaTab, 'presence', (m) => m.members.length === 2);
  const brunoTab = await tabOn(b, bruno.client.cookie);
  expect((await both).members.map((m) => m.userId).sort()).toEqual([ana.id, bruno.id].sort());
  // Bruno, on B, sees Ana, on A, in his own join answer too.
  const again = await joinTrip(brunoTab, tripId);
  expect(again.ok && again.members.map((m) => m.userId).sort()).toEqual([ana.id, bruno.id].sort());
});

it('a to-do added through instance A reaches a tab of instance B, and a cursor goes back', async () => {
  const anaTab = await tabOn(a, ana.client.cookie);
  const brunoTab = await tabOn(b, bruno.client.cookie);
  const arrived = nextEvent(brunoTab, 'change', savedIn('todos'));
  const res = await ana.client.post(`/api/trips/${tripId}/todos`, { text: 'Book the ferry' });
  expect(res.status).toBe(201);
  expect((await arrived).change).toEqual({ type: 'item:saved', list: 'todos', item: res.body });

  moveCursor(brunoTab, { top: 30, left: 40 });
  expect(await nextCursor(anaTab)).toEqual({
    tripId,
    userId: bruno.id,
    at: { top: 30, left: 40 },
  });
});

it('rate limits count across instances', async () => {
  // Forgot-password allows 5 a minute per address: 3 through A and 2 through B use them up.
  const visitor = {
    a: apiClient(a.url, { ip: '192.0.2.77' }),
    b: apiClient(b.url, { ip: '192.0.2.77' }),
  };
  const ask = (client: ApiClient) =>
    client.post('/api/forgot-password', { email: 'nobody@example.com' });
  for (const client of [visitor.a, visitor.b, visitor.a, visitor.b, visitor.a]) {
    expect((await ask(client)).status).toBe(200);
  }
  expect((await ask(visitor.b)).status).toBe(429);
});

it('a member removed on instance A is let go by instance B', async () => {
  const carla = await signUp(b, 'Carla');
  const trip = await createTrip(a.database.db, ana.id, { memberIds: [carla.id] });
  const carlaTab = await tabOn(b, carla.client.cookie, trip.id);
  const gone = nextEvent(carlaTab, 'trip:gone');
  expect((await ana.client.delete(`/api/trips/${trip.id}/members/${carla.id}`)).status).toBe(200);
  expect((await gone).tripId).toBe(trip.id);
  const after = collect(carlaTab, 'change');
  await ana.client.post(`/api/trips/${trip.id}/todos`, { text: 'Only for Ana' });
  // A's marker crosses Redis behind the change it broadcast: once it is at Carla's tab, on B,
  // the change would have been too.
  await drained(a.app.live.io, carlaTab);
  expect(after).toEqual([]);
});

it('a new name given through instance A shows in the presence read by instance B', async () => {
  const dora = await signUp(b, 'Dora');
  const trip = await createTrip(a.database.db, ana.id, { memberIds: [dora.id] });
  const anaTab = await tabOn(a, ana.client.cookie, trip.id);
  const both = nextEvent(anaTab, 'presence', (m) => m.members.length === 2);
  await tabOn(b, dora.client.cookie, trip.id); // Dora's tab is on B
  await both;

  const renamed = nextEvent(anaTab, 'presence', (m) =>
    m.members.some((member) => member.name === 'Dora Reis'),
  );
  // Dora's session works on either instance: she renames herself through A.
  const viaA = apiClient(a.url);
  viaA.cookie = dora.client.cookie;
  expect((await viaA.patch('/api/user', { lastName: 'Reis' })).status).toBe(200);
  expect((await renamed).members.map((m) => m.name).sort()).toEqual(['Ana Test', 'Dora Reis']);
});

it('an audio room spans instances: state, signals, and a removal on the other instance', async () => {
  const eva = await signUp(b, 'Eva');
  const trip = await createTrip(a.database.db, ana.id, { memberIds: [eva.id] });
  const anaTab = await tabOn(a, ana.client.cookie, trip.id);
  const evaTab = await tabOn(b, eva.client.cookie, trip.id);
  const anaIn = await anaTab.timeout(5000).emitWithAck('call:join', { muted: false });
  const both = nextEvent(anaTab, 'call:state', (s) => s.participants.length === 2);
  const evaIn = await evaTab.timeout(5000).emitWithAck('call:join', { muted: true });
  if (!anaIn.ok || !evaIn.ok) throw new Error('a join was refused');
  // Eva joined on B; the call started there is the one A reports, with her mute.
  const state = await both;
  expect(state.call).not.toBeNull();
  expect(state.participants.find((p) => p.userId === eva.id)?.muted).toBe(true);

  const offer = nextEvent(evaTab, 'call:signal');
  anaTab.emit('call:signal', { to: evaIn.peerId, description: { type: 'offer', sdp: 'v=0\r\n' } });
  expect(await offer).toEqual({
    tripId: trip.id,
    from: anaIn.peerId,
    description: { type: 'offer', sdp: 'v=0\r\n' },
  });

  // Removed through A, Eva's tab on B leaves the call as well as the trip.
  const alone = nextEvent(anaTab, 'call:state', (s) => s.participants.length === 1);
  expect((await ana.client.delete(`/api/trips/${trip.id}/members/${eva.id}`)).status).toBe(200);
  expect((await alone).call).toBeNull();
  const unheard = collect(evaTab, 'call:signal');
  anaTab.emit('call:signal', { to: evaIn.peerId, candidate: null });
  await drained(a.app.live.io, evaTab);
  expect(unheard).toEqual([]);
});

it("a whiteboard's shape drawn on instance B reaches a tab of instance A, and its pointer too", async () => {
  // Whiteboards are a paid plan's (issue #22): Ana, the owner, is on Premium.
  await a.database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, ana.id));
  const widget = await ana.client.post<{ id: string }>(`/api/trips/${tripId}/widgets`, {
    type: 'whiteboard',
    position: { top: 0, left: 0 },
  });
  expect(widget.status).toBe(201);
  const widgetId = widget.body.id;
  const anaTab = await tabOn(a, ana.client.cookie);
  const brunoTab = await tabOn(b, bruno.client.cookie);
  const shape = {
    id: 'across-instances',
    type: 'rectangle' as const,
    x: 1,
    y: 2,
    version: 1,
    versionNonce: 7,
    isDeleted: false,
  };
  const arrived = nextEvent(anaTab, 'whiteboard:update', (m) => m.widgetId === widgetId);
  const ack = await brunoTab.timeout(5000).emitWithAck('whiteboard:update', {
    widgetId,
    elements: [shape],
  });
  expect(ack).toEqual({ ok: true });
  expect((await arrived).elements).toEqual([shape]);
  const pointer = nextEvent(anaTab, 'whiteboard:pointer');
  brunoTab.emit('whiteboard:pointer', {
    widgetId,
    pointer: { x: 3, y: 4, tool: 'pointer' },
    button: 'up',
  });
  expect(await pointer).toMatchObject({ userId: bruno.id, pointer: { x: 3, y: 4 } });
});
