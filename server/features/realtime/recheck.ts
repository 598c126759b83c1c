import { setImmediate as nextTurn } from 'node:timers/promises';
import { MEMBER_GONE } from '../../../shared/contracts/realtime';
import type { Db } from '../../platform/db/client';
import { liveSessionIds } from '../../platform/sessions';
import { memberPairs } from '../trips/access';
import { joinedTrip, type LiveCore, type LivePiece, type LiveSocket } from './core';

// Sessions end and memberships change without a live event now and then (an expiry, a change
// made while Redis was away): every open connection is checked against the database this often.
const RECHECK_EVERY_MS = 60_000;
const RECHECK_BATCH = 200;

export type Recheck = LivePiece & {
  /** Checks every open connection of this instance against the database now. */
  run(): Promise<void>;
};

/**
 * Every open connection against the database, once a minute: a session that expired or was
 * ended, or a membership that ended, while no live event could say so (an expiry; a change
 * made while Redis was away) loses its connection or its room here.
 */
export function recheck(live: LiveCore, db: Db): Recheck {
  let timer: NodeJS.Timeout | undefined;

  /** A few queries for a whole batch of connections, not one per connection. */
  async function check(sockets: LiveSocket[]) {
    const signedIn = await liveSessionIds(db, [...new Set(sockets.map((s) => s.data.sessionId))]);
    const stillIn = sockets.filter((socket) => {
      if (signedIn.has(socket.data.sessionId)) return true;
      socket.disconnect(true);
      return false;
    });
    const inTrips = stillIn.flatMap((socket) => {
      const tripId = joinedTrip(socket);
      return tripId ? [{ socket, tripId, userId: socket.data.user.id }] : [];
    });
    const members = await memberPairs(db, inTrips);
    for (const { socket, tripId, userId } of inTrips) {
      // It may have moved on while the query ran.
      if (members.has(`${tripId} ${userId}`) || joinedTrip(socket) !== tripId) continue;
      socket.emit('trip:gone', { tripId, message: MEMBER_GONE.removed });
      live.leaveTrip(socket);
    }
  }

  async function run() {
    const sockets = [...live.io.of('/').sockets.values()]; // this instance's
    // In batches, with a turn of the event loop between them: the embedded database answers on
    // the event loop, and pointers and requests must not wait for the whole instance's check.
    for (let i = 0; i < sockets.length; i += RECHECK_BATCH) {
      if (i > 0) await nextTurn();
      await check(sockets.slice(i, i + RECHECK_BATCH));
    }
  }

  return {
    name: 'recheck',
    run,
    started() {
      timer = setInterval(() => {
        run().catch((error) => live.log.warn({ err: error }, 'live recheck failed'));
      }, RECHECK_EVERY_MS);
      timer.unref();
    },
    closing() {
      clearInterval(timer);
    },
  };
}
