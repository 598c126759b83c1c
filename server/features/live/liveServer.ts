import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { TripChange } from '../../../shared/contracts/live';
import type { Config } from '../../platform/config';
import type { ChangeFeed } from '../../platform/db/changeFeed';
import type { Db } from '../../platform/db/client';
import { callRoom } from '../calls/callRoom';
import { memberName, tripIdsOf } from '../trips/access';
import { whiteboardLive } from '../whiteboard/livePiece';
import { createLiveCore, type LiveServer, sessionRoom, tabRoom, tripRoom, userRoom } from './core';
import { cursors } from './cursors';
import type { DropStats } from './eventGuard';
import { handshake } from './handshake';
import { presence } from './presence';
import { recheck } from './recheck';
import { tripRooms } from './tripRooms';

export type LiveOptions = {
  db: Db;
  /**
   * The database's announcements of changed rows: what every instance hears without Redis, so
   * sign-outs and removals reach the tabs on all of them (recheck.ts).
   */
  changes: ChangeFeed;
  publicUrl: string;
  /** With it, a Redis adapter carries every event between the instances sharing it. */
  redisUrl?: string;
  /** The adapter's channel prefix: only instances with the same one hear each other. */
  redisPrefix?: string;
  log: FastifyBaseLogger;
  /** The audio rooms' ICE servers, TURN secret and minute (config.calls). */
  calls: Config['calls'];
};

/** The tab whose API call made a change: its user, and the tab id it sent. */
export type LiveOrigin = { userId: string; tab: string };

/**
 * A change that trip lists show too (its name, dates, livePresence is on it): also sent to these users'
 * tabs that show another trip, or none, so that their trip switcher is right without a reload.
 */
export type ElsewhereToo = { memberIds: string[] };

/** The live side of the app, as routes see it: they tell it what changed once it is saved. */
export type Live = {
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
    seq?: number,
  ): void;
  /**
   * The user is no longer on the trip (removed, or left): the others' member lists and the
   * user's tabs elsewhere are told; their tabs in the trip's room are let go and told why on
   * every instance, by the database's change feed (recheck.ts).
   */
  memberGone(tripId: string, userId: string, message: string): void;
  /**
   * The trip is gone: everyone is told (`memberIds`: also the tabs showing another trip, whose
   * trip lists hold it); the room is emptied on every instance by the change feed (recheck.ts).
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
  /**
   * A session, or sessions of a user, ended (their rows are gone): their live connections close.
   * Each instance closes its own when the database announces it (recheck.ts), Redis or not; this
   * one checks at once rather than wait for its own announcement.
   */
  disconnect(target: { sessionId: string } | { userId: string; exceptSessionId?: string }): void;
  stats: DropStats;
  /** Checks every open connection against the database now (it also runs once a minute). */
  recheck(): Promise<void>;
  io: LiveServer;
  close(): Promise<void>;
};

/**
 * Socket.IO on the app's HTTP server (architecture §6). A connection is a signed-in session's
 * (the cookie is checked at the handshake); a tab joins the room of the trip it shows after the
 * server has checked membership; presence is read from the room itself, so it is right across
 * instances when the Redis adapter is on, and nothing about it is ever stored.
 *
 * The core runs the pieces below, in this order; a new live capability is one more piece.
 */
export async function createLive(
  httpServer: HttpServer,
  parseCookie: (header: string) => Record<string, string | undefined>,
  options: LiveOptions,
): Promise<Live> {
  const { db, log } = options;
  const live = createLiveCore(log);
  const livePresence = presence(live);
  const liveRecheck = recheck(live, db, options.changes);
  await live.start(httpServer, [
    // ioredis and the adapter load only with REDIS_URL: ~17 MB of memory a single instance never
    // uses (issue #36).
    ...(options.redisUrl
      ? [
          (await import('./redis')).redisAdapter(live, {
            url: options.redisUrl,
            prefix: options.redisPrefix ?? 'tripmates',
            log,
          }),
        ]
      : []),
    handshake({ db, publicUrl: options.publicUrl, parseCookie }),
    tripRooms(live, { db, presence: livePresence }),
    cursors(live),
    callRoom(live, { db, calls: options.calls }),
    whiteboardLive(live, { db }),
    livePresence,
    liveRecheck,
  ]);
  const { io } = live;

  function broadcastChange(
    tripId: string,
    change: TripChange,
    origin: LiveOrigin | null,
    options?: ElsewhereToo,
    seq?: number,
  ) {
    // A tab in several of these rooms gets the message once.
    const room = io.to([tripRoom(tripId), ...(options?.memberIds ?? []).map(userRoom)]);
    const message = seq === undefined ? { tripId, change } : { tripId, change, seq };
    if (!origin) return void room.emit('change', message);
    room.except(tabRoom(origin.userId, origin.tab)).emit('change', message);
    // The tab that made it shows it already; it counts it, to see a gap only where there is one.
    if (seq !== undefined) {
      io.to(tabRoom(origin.userId, origin.tab)).emit('change:seen', { tripId, seq });
    }
  }

  return {
    io,
    stats: live.stats,
    tripChanged: broadcastChange,
    recheck: liveRecheck.run,
    memberGone(tripId, userId, message) {
      io.to(tripRoom(tripId)).emit('change', { tripId, change: { type: 'members:changed' } });
      // Their tabs in the room are told by the check that lets them go, on every instance.
      io.to(userRoom(userId)).except(tripRoom(tripId)).emit('trip:gone', { tripId, message });
      liveRecheck.check(tripRoom(tripId), 'membership');
    },
    async userChanged(user) {
      livePresence.userChanged({
        id: user.id,
        name: memberName(user),
        image: user.profileImageUrl,
      });
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
      liveRecheck.check(tripRoom(tripId), 'membership');
    },
    disconnect(target) {
      // Which of them ended is the database's to say (`exceptSessionId` is still signed in).
      const room = 'sessionId' in target ? sessionRoom(target.sessionId) : userRoom(target.userId);
      liveRecheck.check(room, 'session');
    },
    close: () => live.close(),
  };
}
