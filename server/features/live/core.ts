import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import {
  type ClientToServerEvents,
  HANDSHAKE_ERRORS,
  LIVE_PATH,
  MAX_SOCKETS_PER_USER,
  type ServerToClientEvents,
} from '../../../shared/contracts/live';
import { createDropStats, type DropStats } from './eventGuard';
import { liveParser } from './parser';
import { createSocketGuard, type EventRules, MAX_MESSAGE_BYTES } from './socketGuard';

export type SocketUser = { id: string; name: string; image: string | null };
/**
 * What the server keeps on a connection. A feature's live piece adds what it keeps there itself,
 * by declaration merging (`declare module '../live/core'`, as calls/socketState.ts does), so
 * the core names no feature.
 */
export interface SocketData {
  user: SocketUser;
  sessionId: string;
  /** The tab's own id (shared/clientId.ts), so the echo of its own changes can skip it. */
  tab: string | null;
  /** The trip this tab shows; it is in that trip's room while it is a member. */
  tripId: string | null;
  /**
   * That room's name, made once at the join: joinedTrip runs for every pointer event, and a
   * name built each time costs a string and its hash per event.
   */
  tripRoom: string | null;
}
/** Between instances (through the Redis adapter); pieces add theirs as they add SocketData. */
export interface InterServerEvents {
  /** A person's name or picture changed. */
  'user:changed': (user: SocketUser) => void;
}
export type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export const tripRoom = (tripId: string) => `trip:${tripId}`;
export const tabRoom = (userId: string, tab: string) => `tab:${userId}:${tab}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The socket's trip, if it is still in that trip's room (a removed member's is not). */
export function joinedTrip(socket: LiveSocket) {
  const { tripId, tripRoom: room } = socket.data;
  return tripId && room && socket.rooms.has(room) ? tripId : null;
}

export type HandshakeRefusal = (typeof HANDSHAKE_ERRORS)[keyof typeof HANDSHAKE_ERRORS];

/** What a client event's acknowledgement is answered (never, for an event without one). */
type AckAnswer<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]> extends [...unknown[], (answer: infer A) => void] ? A : never;

/**
 * One live concern (the Redis adapter, the handshake, cursors, presence…), in the manner of
 * Hocuspocus' extensions: it acts through these hooks, which the core runs for every piece in
 * the order the pieces were given. A new live capability is a new piece, not new lines here.
 */
export type LivePiece = {
  name: string;
  /** The client events it listens for; any other a client sends is counted as malformed. */
  clientEvents?: readonly (keyof ClientToServerEvents)[];
  /**
   * Those of its events that carry more than the few dozen values every other event has, and how
   * many values at most (the socket guard refuses bigger payloads before any handler runs).
   */
  payloadValues?: Partial<Record<keyof ClientToServerEvents, number>>;
  /**
   * Those of its events that cost the server more than a relay (a join reads the database), and
   * how many messages each counts as against its account's and its trip's budgets.
   */
  messageCost?: Partial<Record<keyof ClientToServerEvents, number>>;
  /**
   * What each of its acknowledged events is answered when a budget refuses it (socketGuard.ts):
   * a refusal its client tries again after, so no tab waits on an answer that never comes.
   */
  overBudget?: { [E in keyof ClientToServerEvents]?: AckAnswer<E> };
  /** Before the server exists: the server options it needs (an adapter, a request check). */
  configure?(): Partial<ServerOptions> | Promise<Partial<ServerOptions>>;
  /** The server exists, no connection has come yet. */
  started?(): void;
  /** At the handshake: fills `socket.data`, or refuses. A throw answers UNAVAILABLE. */
  authenticate?(socket: LiveSocket): Promise<HandshakeRefusal | undefined>;
  /** A signed-in socket, in its user, session and tab rooms: add its event handlers. */
  connected?(socket: LiveSocket): void;
  /** The socket is going, its rooms still as they were; it leaves its trip right after. */
  disconnecting?(socket: LiveSocket): void;
  /** One tab of the user left the trip's room (moved on, went, or was let go). */
  leftTrip?(tripId: string, userId: string): void;
  /**
   * The instances hear each other again after Redis was away: what was said meanwhile may not
   * have crossed (every tab has been told to refetch).
   */
  resynced?(): void;
  /** The server is closing: stop timers, take no new work (sockets still say goodbye). */
  closing?(): void;
  /** Every connection is closed: let go of what it holds outside (Redis). */
  closed?(): void | Promise<void>;
};

/** What the pieces share: the server, and the trip-room moves every piece may react to. */
export type LiveCore = {
  readonly io: LiveServer;
  log: FastifyBaseLogger;
  stats: DropStats;
  /**
   * An event of the socket was dropped (malformed, over a limit): counted, and a socket that
   * keeps sending what is dropped is disconnected (socketGuard.ts).
   */
  drop(socket: LiveSocket, why: keyof DropStats): void;
  /**
   * A message the socket guard does not see (a cursor message) of `bytes`, drawn from its
   * account's and trip's budgets: false (and counted as dropped) when one of them refuses it.
   */
  admit(socket: LiveSocket, bytes: number): boolean;
  /** Puts the socket in the trip's room (it is in one trip's room at a time). */
  enterTrip(socket: LiveSocket, tripId: string): void;
  /** Takes the socket out of its trip's room, if it is in one. */
  leaveTrip(socket: LiveSocket): void;
  /**
   * This instance has Redis again after losing it: every tab, here and (through Redis) on the
   * other instances, refetches what it shows, and the pieces catch up (`resynced`).
   */
  resync(): void;
  /**
   * Tells the other instances (through the Redis adapter), if there are any: without one there
   * are none, and Socket.IO's in-memory adapter warns on every `serverSideEmit`.
   */
  tellOtherInstances<E extends keyof InterServerEvents>(
    event: E,
    ...args: Parameters<InterServerEvents[E]>
  ): void;
  start(httpServer: HttpServer, pieces: LivePiece[]): Promise<void>;
  close(): Promise<void>;
};

// A closed laptop sends no goodbye: the heartbeat notices within interval + timeout (20 s).
const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 10_000;

/**
 * The small core of the live side: Socket.IO on the app's HTTP server, running the pieces'
 * hooks. Pieces are made with it (they use `io` once it has started) and given to `start`.
 */
export function createLiveCore(log: FastifyBaseLogger): LiveCore {
  let server: LiveServer | null = null;
  let pieces: LivePiece[] = [];
  let otherInstances = false;
  const stats = createDropStats();
  const guard = createSocketGuard(stats, (socket, why) =>
    log.warn({ userId: (socket as LiveSocket).data.user?.id, why }, 'live socket let go'),
  );

  const io = () => {
    if (!server) throw new Error('The live server has not started yet.');
    return server;
  };
  const leftTrip = (tripId: string, userId: string) => {
    for (const piece of pieces) piece.leftTrip?.(tripId, userId);
  };
  function leaveTrip(socket: LiveSocket) {
    const tripId = joinedTrip(socket);
    socket.data.tripId = null;
    socket.data.tripRoom = null;
    if (!tripId) return;
    socket.leave(tripRoom(tripId));
    leftTrip(tripId, socket.data.user.id);
  }

  function handleConnection(socket: LiveSocket, clientEvents: Set<string>, rules: EventRules) {
    const { user, sessionId, tab } = socket.data;
    // Events nobody listens for are counted with the malformed (Socket.IO would ignore them).
    guard.watch(socket, clientEvents, rules);
    socket.join([userRoom(user.id), sessionRoom(sessionId)]);
    if (tab) socket.join(tabRoom(user.id, tab));
    for (const piece of pieces) piece.connected?.(socket);
    // 'disconnecting', not 'disconnect': by then Socket.IO has already emptied socket.rooms.
    socket.on('disconnecting', () => {
      for (const piece of pieces) piece.disconnecting?.(socket);
      leaveTrip(socket);
    });
  }

  const core: LiveCore = {
    get io() {
      return io();
    },
    log,
    stats,
    drop: guard.drop,
    admit: guard.admit,
    enterTrip(socket, tripId) {
      const room = tripRoom(tripId);
      socket.join(room);
      socket.data.tripId = tripId;
      socket.data.tripRoom = room;
    },
    leaveTrip,
    resync() {
      io().emit('resync');
      for (const piece of pieces) piece.resynced?.();
    },
    tellOtherInstances(event, ...args) {
      if (otherInstances) io().serverSideEmit(event, ...args);
    },

    async start(httpServer, given) {
      pieces = given;
      let options: Partial<ServerOptions> = {
        path: LIVE_PATH,
        serveClient: false,
        maxHttpBufferSize: MAX_MESSAGE_BYTES,
        pingInterval: PING_INTERVAL_MS,
        pingTimeout: PING_TIMEOUT_MS,
        parser: liveParser,
      };
      for (const piece of pieces) options = { ...options, ...(await piece.configure?.()) };
      otherInstances = options.adapter !== undefined;
      server = new Server(httpServer, options);

      server.use(async (socket, next) => {
        try {
          for (const piece of pieces) {
            const refusal = await piece.authenticate?.(socket);
            if (refusal) return next(new Error(refusal));
          }
          // No piece vouched for the socket: nobody is signed in.
          if (!socket.data.user) return next(new Error(HANDSHAKE_ERRORS.signedOut));
          // Issue #16: one account opened 200 sockets. Counted on this server (each server of
          // several holds at most this many of a person's tabs).
          const open = server?.sockets.adapter.rooms.get(userRoom(socket.data.user.id))?.size ?? 0;
          if (open >= MAX_SOCKETS_PER_USER) {
            return next(new Error(HANDSHAKE_ERRORS.tooManyConnections));
          }
          next();
        } catch (error) {
          // Not the client's fault (the database, say): it may try again, unlike after SIGNED_OUT.
          log.error({ err: error }, 'live connection check failed');
          next(new Error(HANDSHAKE_ERRORS.unavailable));
        }
      });
      const clientEvents = new Set<string>(pieces.flatMap((piece) => piece.clientEvents ?? []));
      const rulesOf = <T>(pick: (piece: LivePiece) => Partial<Record<string, T>> | undefined) =>
        new Map<string, T>(
          pieces.flatMap((piece) => Object.entries(pick(piece) ?? {}) as [string, T][]),
        );
      const rules: EventRules = {
        maxValues: rulesOf((piece) => piece.payloadValues),
        costs: rulesOf((piece) => piece.messageCost),
        refusals: rulesOf<unknown>((piece) => piece.overBudget),
      };
      server.on('connection', (socket) => handleConnection(socket, clientEvents, rules));
      for (const piece of pieces) piece.started?.();
    },

    async close() {
      for (const piece of pieces) piece.closing?.();
      // Closing the transports (not disconnecting the sockets, which tells a client "you were
      // let go, do not come back") makes every tab reconnect by itself once a server is back.
      // Socket.IO's own close() would close the HTTP server too, which is Fastify's to close.
      io().engine.close();
      await io().of('/').adapter.close?.();
      for (const piece of pieces) await piece.closed?.();
    },
  };
  return core;
}
