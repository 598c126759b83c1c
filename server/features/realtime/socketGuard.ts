import type { DropStats } from './eventGuard';
import { createRateLimit } from './eventGuard';

// Issue #16: five sockets sent ~950,000 events in 5 s into one trip and slowed every other
// trip's cursors (p99 37 → 226 ms) and /api/health (4 → 173 ms). Every inbound event now passes
// an overall budget first, whatever its kind, and every event dropped — over that budget or a
// piece's own, or malformed — counts against its socket; a socket that keeps at it is let go.
// Cursor messages are not Socket.IO events (shared/contracts/realtime.ts, encodeCursorMove):
// they meet their own limit of 60 a second in cursors.ts before anything else is done with
// them, and what it drops counts against the socket the same way.

/**
 * All of a socket's events together, a second. Above the pieces' own limits combined (60
 * pointer events, 5 joins…) so no real tab meets it; it stops floods of any kind, unknown and
 * malformed ones included, before they reach a handler.
 */
export const EVENTS_PER_SECOND = 300;
/** Dropped events within ABUSE_WINDOW_MS after which the socket is disconnected. */
export const ABUSE_DROPS = 200;
export const ABUSE_WINDOW_MS = 10_000;
/**
 * No event of the protocol has more than a few dozen values, but for those a piece names with
 * their own limit (a whiteboard's edits); anything bigger is not ours.
 */
export const MAX_VALUES = 200;

/**
 * Whether an event's arguments are what the protocol sends: plain JSON values (no binary
 * attachments, which it never uses) and few of them. Walked without recursion: a 16 KB message
 * can nest thousands of levels deep.
 */
export function isPlainPayload(
  args: readonly unknown[],
  from = 0,
  maxValues = MAX_VALUES,
): boolean {
  // Runs for every event (30 a second per moving pointer): no copies of the arguments or of
  // each object's values, just one stack.
  const pending: unknown[] = [];
  for (let i = from; i < args.length; i++) pending.push(args[i]);
  let seen = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    seen += 1;
    if (seen > maxValues) return false;
    if (typeof value === 'function') continue; // the acknowledgement callback
    if (typeof value !== 'object' || value === null) continue;
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
    for (const key in value) {
      if (Object.hasOwn(value, key)) pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return true;
}

type Guarded = {
  use(fn: (packet: unknown[], next: (error?: Error) => void) => void): unknown;
  disconnect(close?: boolean): unknown;
  readonly disconnected: boolean;
};

export type SocketGuard = {
  /**
   * Puts the overall budget, the payload check and the list of known events in front of the
   * socket's handlers: an event not in `known` is dropped as malformed. `maxValues` names the
   * events allowed more than MAX_VALUES values, and how many.
   */
  watch(socket: Guarded, known: ReadonlySet<string>, maxValues?: ReadonlyMap<string, number>): void;
  /** An event of the socket was dropped: counted, and the socket let go if it keeps on. */
  drop(socket: Guarded, why: keyof DropStats): void;
};

export function createSocketGuard(
  stats: DropStats,
  onAbuse: (socket: Guarded, why: string) => void,
  now: () => number = Date.now,
): SocketGuard {
  const strikes = new WeakMap<Guarded, { since: number; count: number }>();

  function drop(socket: Guarded, why: keyof DropStats) {
    stats[why] += 1;
    if (socket.disconnected) return;
    const at = now();
    const seen = strikes.get(socket);
    const current = seen && at - seen.since <= ABUSE_WINDOW_MS ? seen : { since: at, count: 0 };
    current.count += 1;
    strikes.set(socket, current);
    if (current.count >= ABUSE_DROPS) {
      onAbuse(socket, `${ABUSE_DROPS} events dropped within ${ABUSE_WINDOW_MS / 1000} s`);
      socket.disconnect(true);
    }
  }

  return {
    drop,
    watch(socket, known, maxValues = new Map()) {
      const allow = createRateLimit(EVENTS_PER_SECOND, now);
      socket.use((packet, next) => {
        if (socket.disconnected) return;
        // packet: [event name, ...arguments]
        if (!isPlainPayload(packet, 1, maxValues.get(packet[0] as string))) {
          stats.malformed += 1;
          onAbuse(socket, 'a payload the protocol does not use');
          socket.disconnect(true);
          return;
        }
        if (!allow()) return drop(socket, 'rateLimited');
        if (known.has(packet[0] as string)) return next();
        drop(socket, 'malformed');
      });
    },
  };
}
