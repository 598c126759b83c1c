import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_MAX_PEOPLE,
  CALL_MESSAGES,
  type CallJoinAck,
  type CallSignalEvent,
} from '../../../shared/contracts/calls';
import { users } from '../../platform/db/schema';
import { type Account, createAccount, createTrip } from '../../test/factories';
import {
  collect,
  disconnected,
  drained,
  type LiveClient,
  liveTabs,
  nextEvent,
} from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { callsOf } from './callRecords';

const TURN_SECRET = 'calls-test-turn-secret-0123456789';
// A call minute of 200 ms: a Free call lasts 2 s, with warnings at 1.6 s and 1.8 s.
const MINUTE_MS = 200;

let t: TestApp;
const { tab, tabOnTrip, closeAll } = liveTabs(() => t.url);

function joinCall(socket: LiveClient, muted = false): Promise<CallJoinAck> {
  return socket.timeout(5000).emitWithAck('call:join', { muted });
}

async function inCall(who: Account, tripId: string) {
  const socket = await tabOnTrip(who, tripId);
  const ack = await joinCall(socket);
  if (!ack.ok) throw new Error(`join refused: ${ack.message}`);
  return { socket, peerId: ack.peerId, ack };
}

/** The next call state of the trip with exactly these people in the call. */
function stateWith(socket: LiveClient, userIds: string[]) {
  const wanted = [...userIds].sort().join();
  return nextEvent(
    socket,
    'call:state',
    (state) =>
      state.participants
        .map((person) => person.userId)
        .sort()
        .join() === wanted,
  );
}

/** A trip of an owner (on `plan`) and members, each with an account. */
async function tripOf(people: number, plan: 'free' | 'premium' | 'pro' = 'pro') {
  const accounts = await Promise.all(Array.from({ length: people }, () => createAccount(t)));
  const [owner, ...members] = accounts;
  await t.database.db.update(users).set({ plan }).where(eq(users.id, owner!.id));
  const trip = await createTrip(t.database.db, owner!.id, { memberIds: members.map((m) => m.id) });
  return { tripId: trip.id, owner: owner!, members, everyone: accounts };
}

beforeAll(async () => {
  t = await startTestApp({
    env: {
      TURN_URLS: 'turn:127.0.0.1:3478',
      TURN_SECRET,
      ICE_SERVERS: '[{"urls":"stun:127.0.0.1:3478"}]',
      CALL_MINUTE_MS: String(MINUTE_MS),
    },
  });
});
afterEach(() => closeAll());
afterAll(() => t.close());

describe('the audio room', () => {
  it('tells the whole trip who is in it, and starts a call when a second person joins', async () => {
    const { tripId, owner, members } = await tripOf(3);
    const [bruno, carla] = members as [Account, Account];
    const watcher = await tabOnTrip(carla, tripId);

    // Listened for before joining: the watcher may hear of it before Ana's own answer arrives.
    const aloneState = stateWith(watcher, [owner.id]);
    const ana = await inCall(owner, tripId);
    expect(ana.ack.ok && ana.ack.state.participants.map((p) => p.userId)).toEqual([owner.id]);
    expect(ana.ack.ok && ana.ack.state.call).toBeNull();
    const alone = await aloneState;
    expect(alone.call).toBeNull();

    const both = stateWith(watcher, [owner.id, bruno.id]);
    const second = await inCall(bruno, tripId);
    const state = await both;
    expect(state.call).toMatchObject({ plan: 'pro', limitMinutes: null, endsAt: null });
    expect(second.peerId).not.toBe(ana.peerId);
    const records = await callsOf(t.database.db, tripId);
    expect(records).toHaveLength(1);
    expect(records[0]!.endedAt).toBeNull();
    expect(records[0]!.participants.map((p) => p.userId).sort()).toEqual(
      [owner.id, bruno.id].sort(),
    );

    // Fewer than two: the call ends (the room stays, with one person waiting in it).
    const ended = stateWith(watcher, [owner.id]);
    second.socket.emit('call:leave');
    expect((await ended).call).toBeNull();
    const [call] = await callsOf(t.database.db, tripId);
    expect(call).toMatchObject({ endedReason: 'empty' });
    expect(call!.participants.every((p) => p.leftAt !== null)).toBe(true);
  });

  it('shows each person’s mute, and who left when a tab closes', async () => {
    const { tripId, owner, members } = await tripOf(2);
    const bruno = members[0]!;
    const ana = await inCall(owner, tripId);
    const second = await tabOnTrip(bruno, tripId);
    const muted = await joinCall(second, true);
    expect(muted.ok && muted.state.participants.find((p) => p.userId === bruno.id)?.muted).toBe(
      true,
    );
    const unmuted = nextEvent(ana.socket, 'call:state', (s) =>
      s.participants.some((p) => p.userId === bruno.id && !p.muted),
    );
    second.emit('call:mute', { muted: false });
    await unmuted;
    const gone = stateWith(ana.socket, [owner.id]);
    second.close();
    await gone;
  });

  it('shows whose camera is on and who shares a screen, and relays what each person views', async () => {
    const { tripId, owner, members } = await tripOf(3);
    const [bruno, carla] = members as [Account, Account];
    const watcher = await tabOnTrip(carla, tripId);
    const ana = await inCall(owner, tripId);
    const bru = await inCall(bruno, tripId);
    expect(bru.ack.ok && bru.ack.state.participants.every((p) => !p.camera && !p.screen)).toBe(
      true,
    );

    const filming = nextEvent(watcher, 'call:state', (s) =>
      s.participants.some((p) => p.userId === owner.id && p.camera && p.screen),
    );
    ana.socket.emit('call:video', { camera: true, screen: true });
    await filming;
    const stopped = nextEvent(bru.socket, 'call:state', (s) =>
      s.participants.some((p) => p.userId === owner.id && !p.camera && p.screen),
    );
    ana.socket.emit('call:video', { camera: false, screen: true });
    await stopped;

    // Bruno collapses his panel: Ana hears that he shows neither of her videos.
    const viewing = nextEvent(ana.socket, 'call:signal');
    bru.socket.emit('call:signal', { to: ana.peerId, viewing: { camera: false, screen: false } });
    expect(await viewing).toEqual({
      tripId,
      from: bru.peerId,
      viewing: { camera: false, screen: false },
    });

    // A malformed one is dropped and counted (the ICE request after it answers in order).
    const before = t.app.live.stats.malformed;
    ana.socket.emit('call:video', { camera: 'yes' } as never);
    await ana.socket.timeout(5000).emitWithAck('call:ice');
    expect(t.app.live.stats.malformed - before).toBe(1);
  });

  it('relays signals only between people in the same call', async () => {
    const { tripId, owner, members } = await tripOf(3);
    const [bruno, carla] = members as [Account, Account];
    const other = await tripOf(2);
    const ana = await inCall(owner, tripId);
    const bru = await inCall(bruno, tripId);
    const notInCall = await tabOnTrip(carla, tripId);
    const elsewhere = await inCall(other.owner, other.tripId);
    const overheard = [collect(notInCall, 'call:signal'), collect(elsewhere.socket, 'call:signal')];

    const offer: CallSignalEvent = {
      to: bru.peerId,
      description: { type: 'offer', sdp: 'v=0\r\n' },
    };
    const received = nextEvent(bru.socket, 'call:signal');
    ana.socket.emit('call:signal', offer);
    expect(await received).toEqual({
      tripId,
      from: ana.peerId,
      description: { type: 'offer', sdp: 'v=0\r\n' },
    });
    const candidate = nextEvent(ana.socket, 'call:signal');
    bru.socket.emit('call:signal', {
      to: ana.peerId,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' },
    });
    expect(await candidate).toMatchObject({ from: bru.peerId, candidate: { sdpMid: '0' } });

    // Someone in another trip's call who learnt a peer id still cannot reach it, nor can a
    // member of the trip who is not in the call.
    elsewhere.socket.emit('call:signal', offer);
    notInCall.emit('call:signal', offer);
    await Promise.all(
      [bru.socket, notInCall, elsewhere.socket].map((s) => drained(t.app.live.io, s)),
    );
    for (const heard of overheard) expect(heard).toEqual([]);
  });

  it('drops malformed and oversized signals, counts them, and carries on', async () => {
    const { tripId, owner, members } = await tripOf(2);
    const ana = await inCall(owner, tripId);
    const bru = await inCall(members[0]!, tripId);
    const before = t.app.live.stats.malformed;
    const bad: unknown[] = [
      { to: bru.peerId },
      { to: 'x', description: { type: 'offer', sdp: '' } },
      { to: bru.peerId, description: { type: 'offer', sdp: 'x'.repeat(32_001) } },
      { to: bru.peerId, description: { type: 'hello', sdp: '' } },
      { to: bru.peerId, candidate: { candidate: 'x'.repeat(2_000) } },
      { to: bru.peerId, description: { type: 'offer', sdp: '' }, extra: 1 },
      { to: bru.peerId, viewing: { camera: 1, screen: false } },
      'hello',
    ];
    for (const payload of bad) ana.socket.emit('call:signal', payload as never);
    ana.socket.emit('call:mute', { muted: 'yes' } as never);
    const good = nextEvent(bru.socket, 'call:signal');
    ana.socket.emit('call:signal', { to: bru.peerId, candidate: null });
    expect(await good).toEqual({ tripId, from: ana.peerId, candidate: null });
    expect(t.app.live.stats.malformed - before).toBe(bad.length + 1);
    expect(ana.socket.connected).toBe(true);
  });

  it(`holds ${CALL_MAX_PEOPLE} people; the next one is told the room is full`, async () => {
    const { tripId, everyone } = await tripOf(CALL_MAX_PEOPLE + 1);
    for (const person of everyone.slice(0, CALL_MAX_PEOPLE)) await inCall(person, tripId);
    const late = await tabOnTrip(everyone[CALL_MAX_PEOPLE]!, tripId);
    expect(await joinCall(late)).toEqual({
      ok: false,
      reason: 'full',
      message: CALL_MESSAGES.full,
    });
  });

  it('keeps one tab per person in the call: joining from another tab moves them', async () => {
    const { tripId, owner, members } = await tripOf(2);
    const first = await inCall(owner, tripId);
    await inCall(members[0]!, tripId);
    const movedOut = nextEvent(first.socket, 'call:ended');
    const second = await inCall(owner, tripId);
    expect(await movedOut).toEqual({
      tripId,
      reason: 'elsewhere',
      message: CALL_MESSAGES.elsewhere,
    });
    const state = await stateWith(second.socket, [owner.id, members[0]!.id]);
    expect(state.participants.find((p) => p.userId === owner.id)?.peerId).toBe(second.peerId);
  });

  it('refuses a tab that shows no trip, and lets go of a member removed from the trip', async () => {
    const { tripId, owner, members } = await tripOf(2);
    const bruno = members[0]!;
    const lost = await tab(bruno);
    expect(await joinCall(lost)).toMatchObject({ ok: false, reason: 'not-in-trip' });

    const ana = await inCall(owner, tripId);
    const bru = await inCall(bruno, tripId);
    const heard = collect(bru.socket, 'call:signal');
    const gone = stateWith(ana.socket, [owner.id]);
    const removed = await owner.client.delete(`/api/trips/${tripId}/members/${bruno.id}`);
    expect(removed.status).toBe(200);
    await gone;
    // Nothing said in the call reaches them any more, and what they send goes nowhere.
    ana.socket.emit('call:signal', { to: bru.peerId, candidate: null });
    const unheard = collect(ana.socket, 'call:signal');
    bru.socket.emit('call:signal', { to: ana.peerId, candidate: null });
    await Promise.all([ana.socket, bru.socket].map((s) => drained(t.app.live.io, s)));
    expect(heard).toEqual([]);
    expect(unheard).toEqual([]);
  });

  it('ends a Free trip’s call at its limit for everyone, after warnings; a new one can start', async () => {
    const { tripId, owner, members } = await tripOf(2, 'free');
    const ana = await inCall(owner, tripId);
    const warnings = collect(ana.socket, 'call:warning');
    const ended = nextEvent(ana.socket, 'call:ended', undefined, 10 * MINUTE_MS + 5000);
    const bru = await inCall(members[0]!, tripId);
    const brunoEnded = nextEvent(bru.socket, 'call:ended', undefined, 10 * MINUTE_MS + 5000);
    const message =
      "The call ended: this trip's Free plan allows 10-minute calls. You can start a new one.";
    expect(await ended).toEqual({ tripId, reason: 'limit', message });
    expect((await brunoEnded).reason).toBe('limit');
    expect(warnings.map((w) => w.message)).toEqual([
      "2 minutes left: this trip's Free plan allows 10-minute calls",
      "1 minute left: this trip's Free plan allows 10-minute calls",
    ]);
    const [call] = await callsOf(t.database.db, tripId);
    expect(call).toMatchObject({ endedReason: 'limit', plan: 'free', limitMinutes: 10 });

    // Both were taken out of the room; they can start a new call.
    await inCall(owner, tripId);
    const again = await joinCall(bru.socket);
    expect(again.ok && again.state.call?.limitMinutes).toBe(10);
    expect(await callsOf(t.database.db, tripId)).toHaveLength(2);
  });

  it('hands out TURN credentials that verify with the shared secret, to people in the call', async () => {
    const { tripId, owner, members } = await tripOf(3, 'premium');
    const ana = await inCall(owner, tripId);
    expect(ana.ack.ok && ana.ack.iceServers[0]).toEqual({ urls: 'stun:127.0.0.1:3478' });
    // Alone in the room, before any call: already no longer than the plan's call.
    const first = ana.ack.ok ? ana.ack.iceServers[1]! : null;
    const firstExpiry = Number(first?.username?.split(':')[0]);
    expect(firstExpiry - Date.now() / 1000).toBeCloseTo((60 * MINUTE_MS) / 1000, -1);
    await inCall(members[0]!, tripId);
    const answer = await ana.socket.timeout(5000).emitWithAck('call:ice');
    expect(answer.ok).toBe(true);
    const turn = answer.ok ? answer.iceServers[1]! : null;
    expect(turn?.urls).toEqual(['turn:127.0.0.1:3478']);
    const [expiry, userId] = turn!.username!.split(':');
    expect(userId).toBe(owner.id);
    // A Premium call lasts 60 call minutes at most: so do the credentials.
    expect(Number(expiry) - Date.now() / 1000).toBeCloseTo((60 * MINUTE_MS) / 1000, -1);
    expect(turn!.credential).toBe(
      createHmac('sha1', TURN_SECRET).update(turn!.username!).digest('base64'),
    );
    // Someone on the trip but not in the call is given none.
    const watcher = await tabOnTrip(members[1]!, tripId);
    expect(await watcher.timeout(5000).emitWithAck('call:ice')).toMatchObject({ ok: false });
  });

  it('disconnects no one for a call’s ordinary traffic', async () => {
    const { tripId, owner, members } = await tripOf(2);
    const ana = await inCall(owner, tripId);
    const bru = await inCall(members[0]!, tripId);
    const dropped = t.app.live.stats.rateLimited;
    // A new connection's burst of candidates.
    const all = Array.from({ length: 60 }, (_, i) =>
      nextEvent(
        bru.socket,
        'call:signal',
        (m) => 'candidate' in m && m.candidate?.sdpMid === String(i),
      ),
    );
    for (let i = 0; i < 60; i++) {
      ana.socket.emit('call:signal', {
        to: bru.peerId,
        candidate: {
          candidate: `candidate:${i} 1 udp 1 127.0.0.1 ${5000 + i} typ host`,
          sdpMid: String(i),
        },
      });
    }
    await Promise.all(all);
    expect(t.app.live.stats.rateLimited).toBe(dropped);
    expect(await Promise.race([disconnected(ana.socket, 200).catch(() => 'connected')])).toBe(
      'connected',
    );
  });
});
