import { EventEmitter } from 'node:events';
import type { Packet } from 'socket.io-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDropStats } from './eventGuard';
import { LiveDecoder } from './parser';
import {
  ABUSE_DROPS,
  ABUSE_WINDOW_MS,
  ACCOUNT_ALLOWANCE,
  createSocketGuard,
  EVENTS_PER_SECOND,
  HOLD_BACK_MS,
  isPlainPayload,
  TRIP_ALLOWANCE,
} from './socketGuard';

/** A socket as the guard sees it: its middleware, and whether it was let go. */
function fakeSocket(userId = 'ana', tripRoom: string | null = 'trip:1') {
  let middleware: ((packet: unknown[], next: () => void) => void) | null = null;
  const socket = {
    data: { user: { id: userId }, tripRoom },
    disconnected: false,
    handled: 0,
    use(fn: typeof middleware) {
      middleware = fn;
    },
    disconnect() {
      socket.disconnected = true;
    },
    receive(...packet: unknown[]) {
      socket.deliver(packet);
    },
    deliver(packet: unknown[]) {
      middleware!(packet, () => {
        socket.handled += 1;
      });
    },
  };
  return socket;
}

describe('isPlainPayload', () => {
  it('takes what the protocol sends, acknowledgements included', () => {
    expect(isPlainPayload([{ at: { top: 1, left: 2 } }])).toBe(true);
    expect(isPlainPayload([{ tripId: 'x' }, () => {}])).toBe(true);
    expect(isPlainPayload([])).toBe(true);
  });

  it('refuses binary attachments and payloads far bigger than any event', () => {
    expect(isPlainPayload([{ at: Buffer.from('hi') }])).toBe(false);
    expect(isPlainPayload([new Uint8Array(4)])).toBe(false);
    expect(isPlainPayload([new ArrayBuffer(8)])).toBe(false);
    expect(isPlainPayload([Array.from({ length: 500 }, (_, i) => i)])).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(isPlainPayload([deep])).toBe(false);
  });
});

const KNOWN = new Set(['widget:drag']);

describe('createSocketGuard', () => {
  it('passes a budget of events a second, drops the rest, and lets a flooder go', () => {
    const now = 0;
    const stats = createDropStats();
    const abused: string[] = [];
    const guard = createSocketGuard(
      stats,
      (_socket, why) => abused.push(why),
      () => now,
    );
    const socket = fakeSocket();
    guard.watch(socket, KNOWN);
    for (let i = 0; i < EVENTS_PER_SECOND + ABUSE_DROPS - 1; i++) socket.receive('widget:drag', {});
    expect(socket.handled).toBe(EVENTS_PER_SECOND);
    expect(stats.rateLimited).toBe(ABUSE_DROPS - 1);
    expect(socket.disconnected).toBe(false);
    socket.receive('widget:drag', {});
    expect(socket.disconnected).toBe(true);
    expect(abused).toHaveLength(1);
  });

  it('forgets drops older than its window: a real tab that slips now and then stays', () => {
    let now = 0;
    const guard = createSocketGuard(
      createDropStats(),
      () => {},
      () => now,
    );
    const socket = fakeSocket();
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < ABUSE_DROPS - 1; i++) guard.drop(socket, 'malformed');
      now += ABUSE_WINDOW_MS + 1;
    }
    expect(socket.disconnected).toBe(false);
  });

  it('disconnects at once for a binary attachment', () => {
    const stats = createDropStats();
    const guard = createSocketGuard(stats, () => {});
    const socket = fakeSocket();
    guard.watch(socket, KNOWN);
    socket.receive('widget:drag', { at: Buffer.from('x') });
    expect(socket.disconnected).toBe(true);
    expect(socket.handled).toBe(0);
    expect(stats.malformed).toBe(1);
  });

  it('drops an event nobody listens for as malformed, before any handler', () => {
    const stats = createDropStats();
    const guard = createSocketGuard(stats, () => {});
    const socket = fakeSocket();
    guard.watch(socket, KNOWN);
    socket.receive('admin:everything', {});
    socket.receive('widget:drag', { at: { top: 1, left: 2 } });
    expect(socket.handled).toBe(1);
    expect(stats.malformed).toBe(1);
    expect(socket.disconnected).toBe(false);
  });
});

/**
 * A socket as Socket.IO gives it to the guard: its decoder (which the guard's budgets gate), its
 * WebSocket (which the guard stops reading), and its middleware, fed what the decoder hands on.
 */
function connectedSocket(userId: string, tripRoom: string | null = 'trip:1') {
  const decoder = new LiveDecoder();
  const ws = {
    paused: false,
    terminated: false,
    pause() {
      ws.paused = true;
    },
    resume() {
      ws.paused = false;
    },
    terminate() {
      ws.terminated = true;
    },
  };
  const conn = Object.assign(new EventEmitter(), { transport: { socket: ws } });
  const socket = Object.assign(fakeSocket(userId, tripRoom), { client: { decoder }, conn, ws });
  const answers: unknown[] = [];
  decoder.on('decoded', (packet: Packet) => {
    const args = packet.data as unknown[];
    if (packet.id !== undefined) args.push((answer: unknown) => answers.push(answer));
    socket.deliver(args);
  });
  /** A message as it comes off the connection. */
  const send = (event: string, payload: unknown, ack?: number) =>
    decoder.add(`2${ack ?? ''}${JSON.stringify([event, payload])}`);
  return Object.assign(socket, { send, answers });
}

const BUSY = { ok: false, code: 'unavailable' };
const RULES = {
  refusals: new Map([['whiteboard:update', BUSY]]),
  costs: new Map([['trip:join', 20]]),
};

describe('the budgets of an account and of a trip', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts an account's messages over all its sockets, and no one else's", () => {
    const guard = createSocketGuard(
      createDropStats(),
      () => {},
      () => 0,
    );
    const known = new Set(['widget:drag']);
    const tabs = Array.from({ length: 4 }, (_, i) => connectedSocket('ana', `trip:${i}`));
    for (const tab of tabs) guard.watch(tab, known, RULES);
    // Each tab under its own limit (EVENTS_PER_SECOND), together over the account's burst.
    for (let i = 0; i < 200; i++) for (const tab of tabs) tab.send('widget:drag', {});
    expect(tabs.reduce((sum, tab) => sum + tab.handled, 0)).toBe(ACCOUNT_ALLOWANCE.messagesBurst);
    const other = connectedSocket('bruno', 'trip:0');
    guard.watch(other, known, RULES);
    other.send('widget:drag', {});
    expect(other.handled).toBe(1);
  });

  it('counts bytes before decoding, and answers a refused event so its sender tries later', () => {
    const stats = createDropStats();
    const guard = createSocketGuard(
      stats,
      () => {},
      () => 0,
    );
    const tab = connectedSocket('ana');
    guard.watch(tab, new Set(['whiteboard:update']), {
      ...RULES,
      maxValues: new Map([['whiteboard:update', 100_000]]),
    });
    const stroke = { points: Array.from({ length: 6000 }, (_, i) => [i, i]) }; // ~70 KB
    for (let i = 0; i < 5; i++) tab.send('whiteboard:update', stroke, i);
    const passed = Math.floor(
      ACCOUNT_ALLOWANCE.bytesBurst / JSON.stringify(['whiteboard:update', stroke]).length,
    );
    expect(tab.handled).toBe(passed);
    expect(tab.answers).toEqual(Array(5 - passed).fill(BUSY));
    expect(stats.rateLimited).toBe(5 - passed);
  });

  it('counts a join as several messages', () => {
    const guard = createSocketGuard(
      createDropStats(),
      () => {},
      () => 0,
    );
    const tab = connectedSocket('ana');
    guard.watch(tab, new Set(['trip:join']), RULES);
    for (let i = 0; i < 100; i++) tab.send('trip:join', { tripId: 't' });
    expect(tab.handled).toBe(ACCOUNT_ALLOWANCE.messagesBurst / 20);
  });

  it("stops reading a tab its account's budget refused, for a while, and cuts it if it goes", () => {
    vi.useFakeTimers();
    const guard = createSocketGuard(createDropStats(), () => {});
    const tab = connectedSocket('ana');
    guard.watch(tab, new Set(['trip:join']), RULES);
    // Joins, each counting as 20 messages: the account's burst, within the socket's own limit.
    for (let i = 0; i < ACCOUNT_ALLOWANCE.messagesBurst / 20; i++) tab.send('trip:join', {});
    expect(tab.ws.paused).toBe(false);
    tab.send('trip:join', {});
    expect(tab.ws.paused).toBe(true);
    vi.advanceTimersByTime(HOLD_BACK_MS * 1.5);
    expect(tab.ws.paused).toBe(false);
    // Closed by the server or the tab: not read to its end first.
    tab.conn.emit('close');
    expect(tab.ws.terminated).toBe(true);
  });

  it("shares a trip's budget among its members, without holding it against any of them", () => {
    const stats = createDropStats();
    const abused: string[] = [];
    const guard = createSocketGuard(
      stats,
      (_socket, why) => abused.push(why),
      () => 0,
    );
    // More people than the trip's burst allows, each within their own account's.
    const people = Math.ceil(TRIP_ALLOWANCE.messagesBurst / ACCOUNT_ALLOWANCE.messagesBurst) + 1;
    const tabs = Array.from({ length: people }, (_, i) => connectedSocket(`member${i}`));
    for (const tab of tabs) guard.watch(tab, new Set(['trip:join']), RULES);
    // Joins, each counting as 20 messages: every account's whole burst.
    for (let i = 0; i < ACCOUNT_ALLOWANCE.messagesBurst / 20; i++) {
      for (const tab of tabs) tab.send('trip:join', {});
    }
    const joins = tabs.reduce((sum, tab) => sum + tab.handled, 0);
    expect(joins).toBe(TRIP_ALLOWANCE.messagesBurst / 20);
    expect(stats.rateLimited).toBe((people * ACCOUNT_ALLOWANCE.messagesBurst) / 20 - joins);
    expect(tabs.some((tab) => tab.disconnected || tab.ws.paused)).toBe(false);
    expect(abused).toEqual([]);
    // The accounts did not spend what the trip refused: elsewhere they still can.
    const elsewhere = connectedSocket('member0', 'trip:2');
    guard.watch(elsewhere, new Set(['trip:join']), RULES);
    elsewhere.send('trip:join', {});
    expect(elsewhere.handled).toBe(1);
  });
});
