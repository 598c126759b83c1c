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
  cursorMoveEvent,
  HANDSHAKE_ERRORS,
  type JoinAck,
  joinTripEvent,
  type PresenceMember,
  presenceColour,
  REALTIME_PATH,
  REALTIME_PROTOCOL_VERSION,
  type ServerToClientEvents,
  type TripChange,
  widgetDragEvent,
} from '../../../shared/realtime';
import type { Db } from '../../platform/db/client';
import { findSession, SESSION_COOKIE } from '../../platform/sessions';
import { findTripAccess, memberName, NO_SUCH_TRIP } from '../trips/access';
import { createDropStats, createRateLimit, type DropStats, parseEvent } from './eventGuard';

type SocketUser = { id: string; name: string; image: string | null };
type SocketData = {
  user: SocketUser;
  sessionId: string;
  /** The trip this tab shows; it is in that trip's room while it is a member. */
  tripId: string | null;
};
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, never, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, never, SocketData>;

const CLIENT_EVENTS = new Set<string>([
  'trip:join',
  'trip:leave',
  'cursor:move',
  'widget:drag',
] satisfies (keyof ClientToServerEvents)[]);

const tripRoom = (tripId: string) => `trip:${tripId}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

// A closed laptop sends no goodbye: the heartbeat notices within interval + timeout (20 s).
const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 10_000;
// Every client event is a few hundred bytes at most; anything far larger closes the connection.
const MAX_MESSAGE_BYTES = 16 * 1024;
// Joins and leaves close together are announced once.
const PRESENCE_SETTLE_MS = 50;

export type RealtimeOptions = {
  db: Db;
  publicUrl: string;
  /** With it, a Redis adapter carries every event between the instances sharing it. */
  redisUrl?: string;
  /** The adapter's channel prefix: only instances with the same one hear each other. */
  redisPrefix?: string;
  log: FastifyBaseLogger;
};

/** The live side of the app, as routes see it: they tell it what changed once it is saved. */
export type Realtime = {
  /** Sends a saved change to everyone who has the trip open. */
  tripChanged(tripId: string, change: TripChange, origin: string | null): void;
  /** The user is no longer on the trip (removed, or left): their tabs are told and let go. */
  memberGone(tripId: string, userId: string, message: string): void;
  /** The trip is gone: everyone is told and the room is emptied. */
  tripDeleted(tripId: string, origin: string | null): void;
  /** Closes the live connections of a signed-out session, or of every session of a user. */
  disconnect(target: { sessionId: string } | { userId: string; exceptSessionId?: string }): void;
  stats: DropStats;
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
      socket.data = {
        user: {
          id: found.user.id,
          name: memberName(found.user),
          image: found.user.profileImageUrl,
        },
        sessionId: found.session.id,
        tripId: null,
      };
      next();
    } catch (error) {
      log.error({ err: error }, 'live connection check failed');
      next(new Error(HANDSHAKE_ERRORS.signedOut));
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

  async function presenceOf(tripId: string): Promise<PresenceMember[]> {
    const sockets = await io.in(tripRoom(tripId)).fetchSockets();
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
        const members = await presenceOf(tripId);
        io.to(tripRoom(tripId)).emit('presence', { tripId, members, at: Date.now() });
      } catch (error) {
        log.warn({ err: error }, 'could not announce presence');
      }
    }, PRESENCE_SETTLE_MS);
    pendingAnnouncements.set(tripId, timer);
  }

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
    const allowPointer = createRateLimit(CURSOR_EVENTS_PER_SECOND);
    let joins = 0;

    socket.on('trip:join', async (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => {};
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
        }
        const members = await presenceOf(event.tripId);
        answer({ ok: true, members, at: Date.now() } satisfies JoinAck);
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

  return {
    io,
    stats,
    tripChanged(tripId, change, origin) {
      io.to(tripRoom(tripId)).emit('change', { tripId, change, origin });
    },
    memberGone(tripId, userId, message) {
      io.to(tripRoom(tripId)).emit('change', {
        tripId,
        change: { type: 'members:changed' },
        origin: null,
      });
      io.to(userRoom(userId)).emit('trip:gone', { tripId, message });
      io.in(userRoom(userId)).socketsLeave(tripRoom(tripId));
      queueCursor(tripId, { userId, at: null });
      announcePresence(tripId);
    },
    tripDeleted(tripId, origin) {
      io.to(tripRoom(tripId)).emit('change', { tripId, change: { type: 'trip:deleted' }, origin });
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
      if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]).catch(() => {});
    },
  };
}
