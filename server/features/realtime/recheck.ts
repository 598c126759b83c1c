import { MEMBER_GONE } from '../../../shared/contracts/realtime';
import type { Db } from '../../platform/db/client';
import { liveSessionIds } from '../../platform/sessions';
import { isTripMember } from '../trips/access';
import { joinedTrip, type LiveCore, type LivePiece } from './core';

// Sessions end and memberships change without a live event now and then (an expiry, a change
// made while Redis was away): every open connection is checked against the database this often.
const RECHECK_EVERY_MS = 60_000;

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

  async function run() {
    const sockets = [...live.io.of('/').sockets.values()]; // this instance's
    if (sockets.length === 0) return;
    const signedIn = await liveSessionIds(db, [...new Set(sockets.map((s) => s.data.sessionId))]);
    for (const socket of sockets) {
      if (!signedIn.has(socket.data.sessionId)) {
        socket.disconnect(true);
        continue;
      }
      const tripId = joinedTrip(socket);
      if (tripId && !(await isTripMember(db, tripId, socket.data.user.id))) {
        socket.emit('trip:gone', { tripId, message: MEMBER_GONE.removed });
        live.leaveTrip(socket);
      }
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
