import { and, eq } from 'drizzle-orm';
import { type JoinAck, joinTripEvent } from '../../../shared/contracts/live';
import type { Db } from '../../platform/db/client';
import { tripMembers } from '../../platform/db/schema';
import { findTripAccess, isTripMember, NO_SUCH_TRIP } from '../trips/access';
import { currentSeq } from './changeLog';
import { joinedTrip, type LiveCore, type LivePiece } from './core';
import { createRateLimit, parseEvent } from './eventGuard';
import type { Presence } from './presence';

const JOINS_PER_SECOND = 5;
/**
 * A join reads the database twice and announces presence: against its account's and trip's
 * budgets (socketGuard.ts) it counts as this many messages, so a person's 20 tabs joining at
 * once pass and a flood of joins from them does not.
 */
export const JOIN_COST = 20;

/**
 * A tab joins the room of the trip it shows once the server has checked the membership (an
 * outsider is told "No such trip", as the API's 404 says), and leaves it for another trip, on
 * `trip:leave`, or as it goes. The join's answer carries who is there.
 */
export function tripRooms(live: LiveCore, options: { db: Db; presence: Presence }): LivePiece {
  const { db, presence } = options;

  /** The person has seen the trip as it is now (a Pro summary tells only what came after). */
  function markSeen(tripId: string, userId: string) {
    db.update(tripMembers)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)))
      .catch((error: Error) =>
        live.log.warn({ err: error.message }, 'could not note when a trip was last seen'),
      );
  }
  return {
    name: 'tripRooms',
    clientEvents: ['trip:join', 'trip:leave'],
    messageCost: { 'trip:join': JOIN_COST },
    overBudget: {
      'trip:join': { ok: false, reason: 'error', message: 'Too many attempts to join.' },
    },
    connected(socket) {
      const userId = socket.data.user.id;
      // Each join reads the database and the room: a handful a second is plenty for a person.
      const allowJoin = createRateLimit(JOINS_PER_SECOND);
      let joins = 0;

      socket.on('trip:join', async (payload, ack) => {
        const answer = typeof ack === 'function' ? ack : () => {};
        if (!allowJoin()) {
          live.drop(socket, 'rateLimited');
          return answer({ ok: false, reason: 'error', message: 'Too many attempts to join.' });
        }
        const event = parseEvent(joinTripEvent, payload, () => live.drop(socket, 'malformed'));
        if (!event) return answer({ ok: false, reason: 'not-member', message: NO_SUCH_TRIP });
        const attempt = ++joins;
        try {
          const access = await findTripAccess(db, event.tripId, userId);
          if (socket.disconnected) return;
          if (attempt !== joins) {
            // A later join from this tab won; say so, so no client waits on an answer forever.
            return answer({
              ok: false,
              reason: 'superseded',
              message: 'A later join was answered.',
            });
          }
          if (!access) return answer({ ok: false, reason: 'not-member', message: NO_SUCH_TRIP });
          if (joinedTrip(socket) !== event.tripId) {
            live.leaveTrip(socket);
            live.enterTrip(socket, event.tripId);
            // A removal between the check above and the join would have found no socket to let
            // go of: with the socket in the room, the membership is read once more.
            if (!(await isTripMember(db, event.tripId, userId))) {
              live.leaveTrip(socket);
              return answer({ ok: false, reason: 'not-member', message: NO_SUCH_TRIP });
            }
          }
          markSeen(event.tripId, userId);
          const at = Date.now();
          const members = await presence.presenceOf(event.tripId);
          // Read once in the room: any later change reaches this tab with a higher number.
          const seq = await currentSeq(db, event.tripId);
          answer({ ok: true, members, at, seq } satisfies JoinAck);
          presence.announce(event.tripId);
        } catch (error) {
          live.log.error({ err: error }, 'joining a trip room failed');
          answer({
            ok: false,
            reason: 'error',
            message: 'The live connection had a problem. Please reload.',
          });
        }
      });

      socket.on('trip:leave', () => {
        const tripId = joinedTrip(socket);
        if (tripId) markSeen(tripId, userId);
        live.leaveTrip(socket);
      });
    },
    disconnecting(socket) {
      const tripId = joinedTrip(socket);
      if (tripId) markSeen(tripId, socket.data.user.id);
    },
  };
}
