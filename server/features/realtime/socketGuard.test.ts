import { describe, expect, it } from 'vitest';
import { createDropStats } from './eventGuard';
import {
  ABUSE_DROPS,
  ABUSE_WINDOW_MS,
  createSocketGuard,
  EVENTS_PER_SECOND,
  isPlainPayload,
} from './socketGuard';

/** A socket as the guard sees it: its middleware, and whether it was let go. */
function fakeSocket() {
  let middleware: ((packet: unknown[], next: () => void) => void) | null = null;
  const socket = {
    disconnected: false,
    handled: 0,
    use(fn: typeof middleware) {
      middleware = fn;
    },
    disconnect() {
      socket.disconnected = true;
    },
    receive(...packet: unknown[]) {
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
