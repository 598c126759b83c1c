import type { DropStats } from './eventGuard';
import { createRateLimit } from './eventGuard';
import { liveDecoderOf, refusalOf } from './parser';
import { type Allowance, createTrafficBudget } from './trafficBudget';

// Issue #16: five sockets sent ~950,000 events in 5 s into one trip and slowed every other
// trip's cursors (p99 37 → 226 ms) and /api/health (4 → 173 ms). Every inbound event now passes
// an overall budget first, whatever its kind, and every event dropped — over that budget or a
// piece's own, or malformed — counts against its socket; a socket that keeps at it is let go.
// Cursor messages are not Socket.IO events (shared/contracts/live.ts, encodeCursorMove):
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

// Every client event is a few hundred bytes at most, but for a call's session descriptions (up
// to MAX_SDP_LENGTH, shared/contracts/calls.ts) and a whiteboard's edits (up to
// WHITEBOARD_MAX_UPDATE_BYTES of elements, shared/contracts/whiteboard.ts, a long hand-drawn
// stroke being ~100 KB); anything larger closes the connection (core.ts).
export const MAX_MESSAGE_BYTES = 256 * 1024;

// Issue #16, second probe: one account's 20 tabs, each under the limits above, sent ~900
// whiteboard edits of ~100 KB a second and stalled the server for everyone (/api/health 7-10 s,
// another trip's cursors p99 36 ms → 12-15 s). What all of an account's tabs send, and what all
// the tabs in a trip's room send, also meets a budget of messages and bytes a second, asked
// before a message is even decoded (parser.ts); cursor messages count too (cursors.ts). Kept in
// this process's memory, as the 20-tab limit is: with several instances, a person's tabs on each
// have a budget of their own.
//
// Bytes are what costs: a 100 KB whiteboard update takes the server ~50 ms of its one thread
// (receiving, decoding and checking it, saving it in the embedded database, relaying it), so a
// budget's bytes a second are a share of the server, and its burst how much may come at once.

/**
 * One person's tabs together. Messages: the heaviest real use is one tab drawing — 30 cursor
 * messages and 30 whiteboard pointers a second, 20 whiteboard updates and 30 drags, about 110 (a
 * person points at one tab at a time); the burst takes 20 tabs reconnecting at once, each join
 * counting as JOIN_COST. Bytes: drawing is tens of KB a second, and a tab paces its whiteboard
 * updates to WHITEBOARD_SEND_BYTES_PER_SECOND (128 KB/s, a long stroke being sent whole again and
 * again), which leaves as much again for a second tab and everything else; the burst is one
 * message at the connection's limit. One person flooding takes about 15 % of a core (2.7 saves a
 * second of 100 KB strokes, accountFlood.test.ts).
 */
export const ACCOUNT_ALLOWANCE: Allowance = {
  messagesPerSecond: 300,
  messagesBurst: 600,
  bytesPerSecond: 256 * 1024,
  bytesBurst: MAX_MESSAGE_BYTES,
};
/**
 * Every tab in a trip's room together: fifteen people at once moving their pointers on the board
 * and on a whiteboard (60 messages a second each), with room for drags, edits and everyone
 * joining again after a restart; the bytes of four people drawing long strokes at once (a tab's
 * whole pace). What comes in is relayed to every tab in the room, so this bounds what the trip's
 * members can make the server do, however many accounts they are.
 */
export const TRIP_ALLOWANCE: Allowance = {
  messagesPerSecond: 1500,
  messagesBurst: 3000,
  bytesPerSecond: 512 * 1024,
  bytesBurst: 2 * MAX_MESSAGE_BYTES,
};
/** Which budget refused a message. */
export type BudgetRefusal = 'account' | 'trip';
/**
 * How long a connection is not read once its account's budget refused one of its messages. A
 * refused message still costs its receiving (a 100 KB one, most of a millisecond: unmasking,
 * decoding the text): an account's 20 tabs flooding as fast as the server reads had it spend
 * most of its time receiving what it then refused. Meanwhile what the tab sends waits in the
 * network, not in the server; no real tab meets its account's budget.
 */
export const HOLD_BACK_MS = 1000;

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
  /** Whose tab, and the trip room it is in: the budgets it draws on. */
  readonly data: { user: { id: string }; tripRoom: string | null };
  /** Socket.IO's connection, whose decoder asks the budgets before decoding (parser.ts). */
  readonly client?: unknown;
  /** Engine.IO's connection, whose reading stops while its account is over budget. */
  readonly conn?: unknown;
};

/** How the pieces' events are budgeted, beyond counting one message each. */
export type EventRules = {
  /** The events allowed more than MAX_VALUES values, and how many. */
  maxValues?: ReadonlyMap<string, number>;
  /** Events that cost the server more than others count as this many messages. */
  costs?: ReadonlyMap<string, number>;
  /** What an event's acknowledgement is answered when a budget refuses the event. */
  refusals?: ReadonlyMap<string, unknown>;
};

export type SocketGuard = {
  /**
   * Puts the budgets (the account's, the trip's: before decoding; the socket's), the payload
   * check and the list of known events in front of the socket's handlers: an event not in
   * `known` is dropped as malformed.
   */
  watch(socket: Guarded, known: ReadonlySet<string>, rules?: EventRules): void;
  /**
   * Draws a message the guard does not see (a cursor message) from the account's and the trip's
   * budgets: false, and counted as dropped, when one of them refuses it.
   */
  admit(socket: Guarded, bytes: number): boolean;
  /** An event of the socket was dropped: counted, and the socket let go if it keeps on. */
  drop(socket: Guarded, why: keyof DropStats): void;
};

export function createSocketGuard(
  stats: DropStats,
  onAbuse: (socket: Guarded, why: string) => void,
  now: () => number = Date.now,
): SocketGuard {
  const strikes = new WeakMap<Guarded, { since: number; count: number }>();
  const accounts = createTrafficBudget(ACCOUNT_ALLOWANCE, now);
  const trips = createTrafficBudget(TRIP_ALLOWANCE, now);
  const heldBack = new WeakSet<Guarded>();
  const everHeldBack = new WeakSet<Guarded>();

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

  /** Takes the message from the account's and the trip's budgets, or neither. */
  function overBudget(socket: Guarded, messages: number, bytes: number): BudgetRefusal | null {
    const account = socket.data.user.id;
    if (!accounts.take(account, messages, bytes)) return 'account';
    const room = socket.data.tripRoom;
    if (room && !trips.take(room, messages, bytes)) {
      accounts.giveBack(account, messages, bytes);
      return 'trip';
    }
    return null;
  }

  /**
   * A message a budget refused is dropped. The account's refusals count against the socket (a
   * tab that keeps flooding is let go); the trip's do not, since the others in the room share
   * it and one member's flood must not get another let go.
   */
  function refused(socket: Guarded, why: BudgetRefusal) {
    if (why === 'trip') {
      stats.rateLimited += 1;
      return;
    }
    drop(socket, 'rateLimited');
    holdBack(socket);
  }

  /**
   * Stops reading the socket's WebSocket for HOLD_BACK_MS (Engine.IO's transport keeps `ws`'s
   * socket as `socket`; a long-polling connection, whose requests are each bounded, is left be).
   */
  function holdBack(socket: Guarded) {
    if (heldBack.has(socket) || socket.disconnected) return;
    const conn = socket.conn as
      | { transport?: { socket?: unknown }; once?(event: 'close', listener: () => void): unknown }
      | undefined;
    const ws = conn?.transport?.socket as
      | { pause?(): void; resume?(): void; terminate?(): void }
      | undefined;
    if (typeof ws?.pause !== 'function' || typeof ws.resume !== 'function') return;
    if (!everHeldBack.has(socket)) {
      everHeldBack.add(socket);
      // A graceful close waits for the tab's goodbye, behind everything it sent meanwhile (a
      // flooder's megabytes, each frame unmasked and decoded on the way): cut it instead.
      conn?.once?.('close', () => ws.terminate?.());
    }
    heldBack.add(socket);
    ws.pause();
    // Up to half as long again, at random: a flooder's tabs, held back together, are not read
    // again all at once.
    const ms = HOLD_BACK_MS * (1 + Math.random() / 2);
    setTimeout(() => {
      heldBack.delete(socket);
      ws.resume?.();
    }, ms).unref();
  }

  return {
    drop,
    admit(socket, bytes) {
      const why = overBudget(socket, 1, bytes);
      if (why) refused(socket, why);
      return why === null;
    },
    watch(socket, known, { maxValues = new Map(), costs = new Map(), refusals = new Map() } = {}) {
      const allow = createRateLimit(EVENTS_PER_SECOND, now);
      if (socket.client !== undefined) {
        liveDecoderOf(socket.client).gate = (event, bytes) =>
          overBudget(socket, (event && costs.get(event)) || 1, bytes);
      }
      socket.use((packet, next) => {
        if (socket.disconnected) return;
        // packet: [event name, ...arguments]
        const over = refusalOf<BudgetRefusal>(packet);
        if (over) {
          refused(socket, over);
          // Answered, so that its sender (a whiteboard's send queue) tries again later.
          const ack = packet.at(-1);
          const answer = refusals.get(packet[0] as string);
          if (typeof ack === 'function' && answer !== undefined) ack(answer);
          return;
        }
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
