import type { FastifyRequest } from 'fastify';
import type { TripChange } from '../../../shared/contracts/realtime';
import type { Db } from '../../platform/db/client';
import { liveOrigin } from './plugin';
import type { ElsewhereToo, Realtime } from './realtimeServer';

/**
 * What a service tells the live side once its change is committed (conventions §14: a change
 * announces itself; a route does not have to remember to). The tab that made the change is
 * bound in already, so its own echo is skipped.
 */
export type LiveChanges = {
  /** A saved change, to everyone who has the trip open (and `memberIds`' other tabs). */
  tripChanged(tripId: string, change: TripChange, options?: ElsewhereToo): void;
  /** The trip is gone: everyone on it is told, wherever they look. */
  tripDeleted(tripId: string, options: ElsewhereToo): void;
  /** `userId` is no longer on the trip: their tabs are told why and let go. */
  memberGone(tripId: string, userId: string, message: string): void;
  /** A person's name or picture changed: presence and member lists follow. */
  userChanged: Realtime['userChanged'];
  /** Closes the live connections of a session, or of every session of a user. */
  disconnect: Realtime['disconnect'];
};

/**
 * What a service that changes shared data needs: the database, where to announce it, and who
 * makes it (for the trip's history, issue #24; null: the server itself).
 */
export type ChangeContext = { db: Db; live: LiveChanges; actorId: string | null };

/** The live side bound to the tab whose request makes the change. */
export function liveChangesOf(live: Realtime, request: FastifyRequest | null): LiveChanges {
  const origin = request ? liveOrigin(request) : null;
  return {
    tripChanged: (tripId, change, options) => live.tripChanged(tripId, change, origin, options),
    tripDeleted: (tripId, options) => live.tripDeleted(tripId, origin, options),
    memberGone: (tripId, userId, message) => live.memberGone(tripId, userId, message),
    userChanged: (user) => live.userChanged(user),
    disconnect: (target) => live.disconnect(target),
  };
}

/** The context of a change made by this request. */
export function changeContext(request: FastifyRequest): ChangeContext {
  return {
    db: request.server.db,
    live: liveChangesOf(request.server.live, request),
    actorId: request.auth?.user.id ?? null,
  };
}
