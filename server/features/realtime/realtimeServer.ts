import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import {
  type ClientToServerEvents,
  CURSOR_BATCH_MS,
  CURSOR_EVENTS_PER_SECOND,
  type CursorMove,
  clientId,
  cursorMoveEvent,
  HANDSHAKE_ERRORS,
  type JoinAck,
  joinTripEvent,
  MEMBER_GONE,
  type PresenceMember,
  presenceColour,
  REALTIME_PATH,
  REALTIME_PROTOCOL_VERSION,
  type ServerToClientEvents,
  type TripChange,
  widgetDragEvent,
} from '../../../shared/realtime';
import type { Db } from '../../platform/db/client';
import { findSession, liveSessionIds, SESSION_COOKIE } from '../../platform/sessions';
import { findTripAccess, isTripMember, memberName, NO_SUCH_TRIP, tripIdsOf } from '../trips/access';
import { createDropStats, createRateLimit, type DropStats, parseEvent } from './eventGuard';

type SocketUser = { id: string; name: string; image: string | null };
type SocketData = {
  user: SocketUser;
  sessionId: string;
  /** The tab's own id (shared/clientId.ts), so the echo of its own changes can skip it. */
  tab: string | null;
  /** The trip this tab shows; it is in that trip's room while it is a member. */
  tripId: string | null;
};
/** Between instances (through the Redis adapter): a person's name or picture changed. */
type InterServerEvents = { 'user:changed': (user: SocketUser) => void };
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

const CLIENT_EVENTS = new Set<string>([
  'trip:join',
  'trip:leave',
  'cursor:move',
  'widget:drag',
] satisfies (keyof ClientToServerEvents)[]);

const tripRoom = (tripId: string) => `trip:${tripId}`;
const tabRoom = (userId: string, tab: string) => `tab:${userId}:${tab}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

// A closed laptop sends no goodbye: the heartbeat notices within interval + timeout (20 s).
const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 10_000;
// Every client event is a few hundred bytes at most; anything far larger closes the connection.
const MAX_MESSAGE_BYTES = 16 * 1024;
// Joins and leaves close together are announced once.
const PRESENCE_SETTLE_MS = 50;
const JOINS_PER_SECOND = 5;
// Sessions end and memberships change without a live event now and then (an expiry, a change
// made while Redis was away): every open connection is checked against the database this often.
const RECHECK_EVERY_MS = 60_000;

export type RealtimeOptions = {
  db: Db;
  publicUrl: string;
  /** With it, a Redis adapter carries every event between the instances sharing it. */
  redisUrl?: string;
  /** The adapter's channel prefix: only instances with the same one hear each other. */
  redisPrefix?: string;
  log: FastifyBaseLogger;
};

/** The tab whose API call made a change: its user, and the tab id it sent. */
export type LiveOrigin = { userId: string; tab: string };

/**
 * A change that trip lists show too (its name, dates, who is on it): also sent to these users'
 * tabs that show another trip, or none, so that their trip switcher is right without a reload.
 */
export type ElsewhereToo = { memberIds: string[] };

/** The live side of the app, as routes see it: they tell it what changed once it is saved. */
export type Realtime = {
  /**
   * Sends a saved change to everyone who has the trip open, except the tab that made it (named
   * by its user and tab id: it shows the change already, and a late echo could undo a newer
   * local change for a moment). Only the user's own tabs can be named so.
   */
  tripChanged(
    tripId: string,
    change: TripChange,
    origin: LiveOrigin | null,
    options?: ElsewhereToo,
  ): void;
  /** The user is no longer on the trip (removed, or left): their tabs are told and let go. */
  memberGone(tripId: string, userId: string, message: string): void;
  /**
   * The trip is gone: everyone is told (`memberIds`: also the tabs showing another trip, whose
   * trip lists hold it) and the room is emptied.
   */
  tripDeleted(tripId: string, origin: LiveOrigin | null, options: ElsewhereToo): void;
  /**
   * A person's name or picture changed: the presence stacks showing them follow, and their
   * trips' member lists (names in pickers and on to-dos) are refetched.
   */
  userChanged(user: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    username: string;
    profileImageUrl: string | null;
  }): Promise<void>;
  /** Closes the live connections of a signed-out session, or of every session of a user. */
  disconnect(target: { sessionId: string } | { userId: string; exceptSessionId?: string }): void;
  stats: DropStats;
  /** Checks every open connection against the database now (it also runs once a minute). */
  recheck(): Promise<void>;
  io: LiveServer;
  close(): Promise<void>;
};

/** The request's Origin must be this site's (as for API writes): no cross-site socket. */
function sameOrigin(request: IncomingMessage, publicOrigin: string) {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: a browser always sends Origin on WebSocket and CORS
  const addressed = `http://${request.headers.host}`;
  return (
    origin === publicOrigin || origin === addressed || origin === `https://${request.headers.host}`
  );
}

async function connectRedis(url: string, log: FastifyBaseLogger) {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself; say so once per failure instead of crashing on 'error'.
    client.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem'));
  }
  // The adapter publishes without waiting for the answer. While Redis is unreachable those
  // publishes fail, and an unhandled rejection would take the whole process down: a live event
  // that cannot reach the other instances is dropped (this instance's own tabs still get it),
  // and said once per outage.
  const publish = pub.publish.bind(pub) as (
    channel: string,
    message: string | Buffer,
  ) => Promise<number>;
  let warned = false;
  (pub as { publish: unknown }).publish = (channel: string, message: string | Buffer) =>
    publish(channel, message).then(
      (receivers) => {
        warned = false;
        return receivers;
      },
      (error: Error) => {
        if (!warned) log.warn({ err: error.message }, 'live events cannot reach Redis');
        warned = true;
        return 0;
      },
    );
  // The same for the unsubscribes the adapter fires (without waiting) as it closes: a server
  // shutting down while Redis is away must not die of them halfway.
  for (const method of ['unsubscribe', 'punsubscribe'] as const) {
    const original = sub[method].bind(sub) as (...channels: string[]) => Promise<unknown>;
    (sub as unknown as Record<string, unknown>)[method] = (...channels: string[]) =>
      original(...channels).catch(() => 0);
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(
      `Could not reach Redis at REDIS_URL (${(error as Error).message}). Start Redis, or unset REDIS_URL to run one instance without it.`,
    );
  }
  return { pub, sub };
}

/**
 * Socket.IO on the app's HTTP server (architecture §6). A connection is a signed-in session's
 * (the cookie is checked at the handshake); a tab joins the room of the trip it shows after the
 * server has checked membership; presence is read from the room itself, so it is right across
 * instances when the Redis adapter is on, and nothing about it is ever stored.
 */
export async function createRealtime(
  httpServer: HttpServer,
  parseCookie: (header: string) => Record<string, string | undefined>,
  options: RealtimeOptions,
): Promise<Realtime> {
  const { db, log } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  const stats = createDropStats();
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, log) : null;

  const io: LiveServer = new Server(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    allowRequest: (request, callback) => callback(null, sameOrigin(request, publicOrigin)),
    ...(redis
      ? {
          adapter: createAdapter(redis.pub, redis.sub, { key: options.redisPrefix ?? 'tripmates' }),
        }
      : {}),
  });

  io.use(async (socket, next) => {
    try {
      if (socket.handshake.auth?.v !== REALTIME_PROTOCOL_VERSION) {
        return next(new Error(HANDSHAKE_ERRORS.protocolMismatch));
      }
      const token = parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
      const found = token && token.length <= 100 ? await findSession(db, token) : null;
      if (!found || found.session.pendingTwoFactor) {
        return next(new Error(HANDSHAKE_ERRORS.signedOut));
      }
      const tab = clientId.safeParse(socket.handshake.auth?.tab);
      socket.data = {
        user: {
          id: found.user.id,
          name: memberName(found.user),
          image: found.user.profileImageUrl,
        },
        sessionId: found.session.id,
        tab: tab.success ? tab.data : null,
        tripId: null,
      };
      next();
    } catch (error) {
      // Not the client's fault (the database, say): it may try again, unlike after SIGNED_OUT.
      log.error({ err: error }, 'live connection check failed');
      next(new Error(HANDSHAKE_ERRORS.unavailable));
    }
  });

  // ——— cursors: gathered per trip, sent as one message a tick ———

  // Each trip has its own tick, started by its first move: one timer for every trip would write
  // all trips' batches in one burst, and the moves arriving meanwhile would wait behind it.
  const pendingCursors = new Map<string, { moves: CursorMove[]; timer: NodeJS.Timeout }>();
  let closed = false;

  function flushCursors(tripId: string) {
    const pending = pendingCursors.get(tripId);
    pendingCursors.delete(tripId);
    if (pending) io.to(tripRoom(tripId)).emit('cursors', { tripId, moves: pending.moves });
  }

  /** Queues a move for the trip's next batch; a trip's timer runs only while it has moves. */
  function queueCursor(tripId: string, move: CursorMove) {
    if (closed) return; // the goodbyes of sockets closing with the server go nowhere
    const pending = pendingCursors.get(tripId);
    if (pending) pending.moves.push(move);
    else {
      const timer = setTimeout(() => flushCursors(tripId), CURSOR_BATCH_MS);
      pendingCursors.set(tripId, { moves: [move], timer });
    }
  }

  // ——— presence ———

  /**
   * Who is in the trip's room, on every instance; when the other instances cannot be asked
   * (Redis away), on this one, rather than not at all.
   */
  async function presenceOf(tripId: string): Promise<PresenceMember[]> {
    const sockets = await io
      .in(tripRoom(tripId))
      .fetchSockets()
      .catch((error: Error) => {
        log.warn({ err: error.message }, 'presence read from this instance only');
        return io.local.in(tripRoom(tripId)).fetchSockets();
      });
    const members = new Map<string, PresenceMember>();
    for (const { data } of sockets) {
      // One person with three tabs open is one face in the stack.
      if (!data.user || members.has(data.user.id)) continue;
      members.set(data.user.id, {
        userId: data.user.id,
        name: data.user.name,
        image: data.user.image,
        colour: presenceColour(data.user.id),
      });
    }
    return [...members.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  const pendingAnnouncements = new Map<string, NodeJS.Timeout>();
  function announcePresence(tripId: string) {
    if (closed || pendingAnnouncements.has(tripId)) return;
    const timer = setTimeout(async () => {
      pendingAnnouncements.delete(tripId);
      try {
        const at = Date.now(); // when the room was read, not when the answer came
        const members = await presenceOf(tripId);
        io.to(tripRoom(tripId)).emit('presence', { tripId, members, at });
      } catch (error) {
        log.warn({ err: error }, 'could not announce presence');
      }
    }, PRESENCE_SETTLE_MS);
    pendingAnnouncements.set(tripId, timer);
  }

  /** This instance's sockets of the person take their new name and picture; presence follows. */
  function refreshUser(user: SocketUser) {
    const trips = new Set<string>();
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.user?.id !== user.id) continue;
      socket.data.user = user;
      const tripId = joinedTrip(socket);
      if (tripId) trips.add(tripId);
    }
    for (const tripId of trips) announcePresence(tripId);
  }
  io.on('user:changed', refreshUser);

  /** The socket's trip, if it is still in that trip's room (a removed member's is not). */
  function joinedTrip(socket: LiveSocket) {
    const { tripId } = socket.data;
    return tripId && socket.rooms.has(tripRoom(tripId)) ? tripId : null;
  }

  function leaveTrip(socket: LiveSocket) {
    const tripId = joinedTrip(socket);
    socket.data.tripId = null;
    if (!tripId) return;
    socket.leave(tripRoom(tripId));
    // Their pointer goes with them; their other tabs will show it again on their next move.
    queueCursor(tripId, { userId: socket.data.user.id, at: null });
    announcePresence(tripId);
  }

  io.on('connection', (socket) => {
    const { user, sessionId } = socket.data;
    socket.join([userRoom(user.id), sessionRoom(sessionId)]);
    if (socket.data.tab) socket.join(tabRoom(user.id, socket.data.tab));
    const allowPointer = createRateLimit(CURSOR_EVENTS_PER_SECOND);
    // Each join reads the database and the room: a handful a second is plenty for a person.
    const allowJoin = createRateLimit(JOINS_PER_SECOND);
    let joins = 0;

    socket.on('trip:join', async (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => {};
      if (!allowJoin()) {
        stats.rateLimited += 1;
        return answer({ ok: false, reason: 'error', message: 'Too many attempts to join.' });
      }
      const event = parseEvent(joinTripEvent, payload, stats);
      if (!event) return answer({ ok: false, reason: 'not-member', message: NO_SUCH_TRIP });
      const attempt = ++joins;
      try {
        const access = await findTripAccess(db, event.tripId, user.id);
        if (attempt !== joins || socket.disconnected) return; // a later join (or a goodbye) won
        if (!access) return answer({ ok: false, reason: 'not-member', message: NO_SUCH_TRIP });
        if (joinedTrip(socket) !== event.tripId) {
          leaveTrip(socket);
          socket.join(tripRoom(event.tripId));
          socket.data.tripId = event.tripId;
          // A removal between the check above and the join would have found no socket to let
          // go of: with the socket in the room, the membership is read once more.
          if (!(await isTripMember(db, event.tripId, user.id))) {
            leaveTrip(socket);
            return answer({ ok: false, reason: 'not-member', message: NO_SUCH_TRIP });
          }
        }
        const at = Date.now();
        const members = await presenceOf(event.tripId);
        answer({ ok: true, members, at } satisfies JoinAck);
        announcePresence(event.tripId);
      } catch (error) {
        log.error({ err: error }, 'joining a trip room failed');
        answer({
          ok: false,
          reason: 'error',
          message: 'The live connection had a problem. Please reload.',
        });
      }
    });

    socket.on('trip:leave', () => leaveTrip(socket));
    // An event nobody listens for is ignored by Socket.IO; it is counted with the malformed.
    socket.onAny((event: string) => {
      if (!CLIENT_EVENTS.has(event)) stats.malformed += 1;
    });

    /**
     * Pointer events (cursors, drags) from a socket in a trip's room: within the rate, and of
     * the right shape, or dropped and counted. Nothing is volatile: where a pointer comes to
     * rest must arrive, and a volatile emit is skipped whenever the receiver's connection is
     * busy. Senders throttle to 30 Hz and are capped at 60 a second here, which bounds what can
     * queue for a slow receiver; cursors go out in one batch per trip per tick.
     */
    function onPointerEvent<T extends z.ZodType>(
      schema: T,
      relay: (tripId: string, event: z.infer<T>) => void,
    ) {
      return (payload: unknown) => {
        const tripId = joinedTrip(socket);
        if (!tripId) return;
        if (!allowPointer()) {
          stats.rateLimited += 1;
          return;
        }
        const event = parseEvent(schema, payload, stats);
        if (event) relay(tripId, event);
      };
    }

    socket.on(
      'cursor:move',
      onPointerEvent(cursorMoveEvent, (tripId, { at }) =>
        queueCursor(tripId, { userId: user.id, at }),
      ),
    );
    socket.on(
      'widget:drag',
      onPointerEvent(widgetDragEvent, (tripId, { widgetId, at }) =>
        socket.to(tripRoom(tripId)).emit('widget:drag', { tripId, userId: user.id, widgetId, at }),
      ),
    );

    // 'disconnecting', not 'disconnect': by then Socket.IO has already emptied socket.rooms.
    socket.on('disconnecting', () => leaveTrip(socket));
  });

  /**
   * Every open connection against the database, once a minute: a session that expired or was
   * ended, or a membership that ended, while no live event could say so (an expiry; a change
   * made while Redis was away) loses its connection or its room here.
   */
  async function recheckConnections() {
    const sockets = [...io.of('/').sockets.values()]; // this instance's
    if (sockets.length === 0) return;
    const live = await liveSessionIds(db, [...new Set(sockets.map((s) => s.data.sessionId))]);
    for (const socket of sockets) {
      if (!live.has(socket.data.sessionId)) {
        socket.disconnect(true);
        continue;
      }
      const tripId = joinedTrip(socket);
      if (tripId && !(await isTripMember(db, tripId, socket.data.user.id))) {
        socket.emit('trip:gone', { tripId, message: MEMBER_GONE.removed });
        leaveTrip(socket);
      }
    }
  }
  function broadcastChange(
    tripId: string,
    change: TripChange,
    origin: LiveOrigin | null,
    options?: ElsewhereToo,
  ) {
    // A tab in several of these rooms gets the message once.
    const room = io.to([tripRoom(tripId), ...(options?.memberIds ?? []).map(userRoom)]);
    (origin ? room.except(tabRoom(origin.userId, origin.tab)) : room).emit('change', {
      tripId,
      change,
    });
  }

  const recheck = setInterval(() => {
    recheckConnections().catch((error) => log.warn({ err: error }, 'live recheck failed'));
  }, RECHECK_EVERY_MS);
  recheck.unref();

  return {
    io,
    stats,
    tripChanged: broadcastChange,
    recheck: recheckConnections,
    memberGone(tripId, userId, message) {
      io.to(tripRoom(tripId)).emit('change', { tripId, change: { type: 'members:changed' } });
      io.to(userRoom(userId)).emit('trip:gone', { tripId, message });
      io.in(userRoom(userId)).socketsLeave(tripRoom(tripId));
      queueCursor(tripId, { userId, at: null });
      announcePresence(tripId);
    },
    async userChanged(user) {
      const live = { id: user.id, name: memberName(user), image: user.profileImageUrl };
      refreshUser(live);
      io.serverSideEmit('user:changed', live);
      try {
        for (const tripId of await tripIdsOf(db, user.id)) {
          broadcastChange(tripId, { type: 'members:changed' }, null);
        }
      } catch (error) {
        // The profile is saved; member lists catch up when they are next fetched.
        log.warn({ err: error }, 'could not announce a profile change');
      }
    },
    tripDeleted(tripId, origin, options) {
      broadcastChange(tripId, { type: 'trip:deleted' }, origin, options);
      io.in(tripRoom(tripId)).socketsLeave(tripRoom(tripId));
    },
    disconnect(target) {
      if ('sessionId' in target) {
        io.in(sessionRoom(target.sessionId)).disconnectSockets(true);
      } else if (target.exceptSessionId) {
        io.in(userRoom(target.userId))
          .except(sessionRoom(target.exceptSessionId))
          .disconnectSockets(true);
      } else {
        io.in(userRoom(target.userId)).disconnectSockets(true);
      }
    },
    async close() {
      closed = true;
      for (const timer of pendingAnnouncements.values()) clearTimeout(timer);
      for (const { timer } of pendingCursors.values()) clearTimeout(timer);
      pendingCursors.clear();
      pendingAnnouncements.clear();
      // Closing the transports (not disconnecting the sockets, which tells a client "you were
      // let go, do not come back") makes every tab reconnect by itself once a server is back.
      // Socket.IO's own close() would close the HTTP server too, which is Fastify's to close.
      io.engine.close();
      await io.of('/').adapter.close?.();
      clearInterval(recheck);
      // disconnect(), not quit(): quit is a command, which waits for (or fails without) Redis.
      if (redis) for (const client of [redis.pub, redis.sub]) client.disconnect();
    },
  };
}
