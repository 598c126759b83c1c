import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, inArray } from 'drizzle-orm';
import { MEMBER_GONE } from '../../../shared/contracts/live';
import { type ChangeFeed, FORGET_ALL } from '../../platform/db/changeFeed';
import type { Db } from '../../platform/db/client';
import { tripActivity, trips } from '../../platform/db/schema';
import { liveSessionIds } from '../../platform/sessions';
import { memberPairs } from '../trips/access';
import {
  joinedTrip,
  type LiveCore,
  type LivePiece,
  type LiveSocket,
  tripRoom,
  userRoom,
} from './core';

// What no announcement says (a session's expiry) is caught by checking every open connection
// against the database this often.
const RECHECK_EVERY_MS = 60_000;
const RECHECK_BATCH = 200;
/**
 * Announcements close together are checked together: deleting a trip ends every membership at
 * once, and a burst of them must cost one query, not one each.
 */
const ANNOUNCED_SETTLE_MS = 25;

type Check = 'session' | 'membership';

export type Recheck = LivePiece & {
  /** Checks every open connection of this instance against the database now. */
  run(): Promise<void>;
  /**
   * Checks this instance's sockets in `room` soon: their sessions, or their trip's membership.
   * The database's change feed asks every instance for this; the instance that made a change
   * asks at once too, rather than wait for its own announcement.
   */
  check(room: string, what: Check): void;
};

/**
 * Who may still hear what (issue #35): a socket whose session ended is closed, and one whose
 * person is no longer on its trip is told why and let go of the room — decided by the database
 * alone, on each instance for its own sockets. The database announces every change to sessions
 * and accounts (`tripmates_auth`, migration 0012) and every membership that ends, with whose
 * (`tripmates_members`, 0028), on its change feed, which every instance hears without Redis, so
 * a sign-out or a removal made on one instance reaches the tabs on all of them while Redis is
 * away. After announcements may have been missed (the feed's connection dropped), and once a
 * minute, every connection is checked.
 */
export function recheck(live: LiveCore, db: Db, changes: ChangeFeed): Recheck {
  let timer: NodeJS.Timeout | undefined;
  let settling: NodeJS.Timeout | undefined;
  let draining = false;
  let closed = false;
  const pending: Record<Check, Set<LiveSocket>> = { session: new Set(), membership: new Set() };

  /** This instance's sockets in the room (never another instance's: each checks its own). */
  function socketsIn(room: string): LiveSocket[] {
    const ids = live.io.of('/').adapter.rooms.get(room);
    const sockets = live.io.of('/').sockets;
    return [...(ids ?? [])].flatMap((id) => sockets.get(id) ?? []);
  }
  const allSockets = () => [...live.io.of('/').sockets.values()];

  /** Closes the connections whose session is over; returns the others. */
  async function checkSessions(sockets: LiveSocket[]) {
    const open = sockets.filter((socket) => socket.connected);
    const signedIn = await liveSessionIds(db, [...new Set(open.map((s) => s.data.sessionId))]);
    return open.filter((socket) => {
      if (signedIn.has(socket.data.sessionId)) return true;
      socket.disconnect(true);
      return false;
    });
  }

  /** Why each person is off each trip, as the database tells it. */
  async function whyGone(gone: { tripId: string; userId: string }[]) {
    const tripIds = [...new Set(gone.map((pair) => pair.tripId))];
    const left = await db
      .select({ id: trips.id })
      .from(trips)
      .where(inArray(trips.id, tripIds))
      .then((rows) => rows.map((row) => row.id));
    const entries = left.length
      ? await db
          .select({
            tripId: tripActivity.tripId,
            userId: tripActivity.subjectId,
            kind: tripActivity.kind,
          })
          .from(tripActivity)
          .where(
            and(
              inArray(tripActivity.tripId, left),
              inArray(tripActivity.subjectId, [...new Set(gone.map((pair) => pair.userId))]),
              inArray(tripActivity.kind, ['member.left', 'member.removed']),
            ),
          )
          .orderBy(desc(tripActivity.createdAt))
      : [];
    return (tripId: string, userId: string): string => {
      if (!left.includes(tripId)) return MEMBER_GONE.deleted;
      // The latest entry about them: the one that took them off.
      const entry = entries.find((e) => e.tripId === tripId && e.userId === userId);
      if (entry?.kind === 'member.left') return MEMBER_GONE.left;
      if (entry?.kind === 'member.removed') return MEMBER_GONE.removed;
      return MEMBER_GONE.unavailable;
    };
  }

  /** Lets go of the sockets whose person is no longer on the trip they show, telling them why. */
  async function checkMemberships(sockets: LiveSocket[]) {
    const inTrips = sockets.flatMap((socket) => {
      const tripId = socket.connected ? joinedTrip(socket) : null;
      return tripId ? [{ socket, tripId, userId: socket.data.user.id }] : [];
    });
    const members = await memberPairs(db, inTrips);
    const gone = inTrips.filter(({ tripId, userId }) => !members.has(`${tripId} ${userId}`));
    if (gone.length === 0) return;
    const why = await whyGone(gone);
    for (const { socket, tripId, userId } of gone) {
      // It may have moved on while the queries ran.
      if (joinedTrip(socket) !== tripId) continue;
      socket.emit('trip:gone', { tripId, message: why(tripId, userId) });
      live.leaveTrip(socket);
    }
  }

  async function run() {
    const sockets = allSockets();
    // In batches, with a turn of the event loop between them: the embedded database answers on
    // the event loop, and pointers and requests must not wait for the whole instance's check.
    for (let i = 0; i < sockets.length; i += RECHECK_BATCH) {
      if (i > 0) await nextTurn();
      await checkMemberships(await checkSessions(sockets.slice(i, i + RECHECK_BATCH)));
    }
  }

  const take = (from: Set<LiveSocket>) => {
    const batch = [...from].slice(0, RECHECK_BATCH);
    for (const socket of batch) from.delete(socket);
    return batch;
  };

  /** One round over what was announced; what is announced meanwhile waits for the next. */
  async function drain() {
    settling = undefined;
    draining = true;
    try {
      await checkSessions(take(pending.session));
      await checkMemberships(take(pending.membership));
    } catch (error) {
      // The database is away, say: the minute's recheck comes round to them.
      pending.session.clear();
      pending.membership.clear();
      live.log.warn({ err: error }, 'live revocation check failed');
    } finally {
      draining = false;
      soon();
    }
  }

  function soon() {
    if (closed || draining || settling) return;
    if (pending.session.size === 0 && pending.membership.size === 0) return;
    settling = setTimeout(() => void drain(), ANNOUNCED_SETTLE_MS);
  }

  function queue(sockets: LiveSocket[], what: Check) {
    if (closed) return;
    for (const socket of sockets) pending[what].add(socket);
    soon();
  }

  return {
    name: 'recheck',
    run,
    check: (room, what) => queue(socketsIn(room), what),
    started() {
      // An account's or a session's row changed (signed out, password changed, deleted…).
      changes.on('tripmates_auth', (userId) =>
        queue(userId === FORGET_ALL ? allSockets() : socketsIn(userRoom(userId)), 'session'),
      );
      // Someone's membership of a trip ended: removed, left, or the trip or account deleted.
      changes.on('tripmates_members', (payload) => {
        if (payload === FORGET_ALL) return queue(allSockets(), 'membership');
        const [tripId, userId] = payload.split(' ');
        queue(
          socketsIn(tripRoom(tripId!)).filter((socket) => socket.data.user.id === userId),
          'membership',
        );
      });
      timer = setInterval(() => {
        run().catch((error) => live.log.warn({ err: error }, 'live recheck failed'));
      }, RECHECK_EVERY_MS);
      timer.unref();
    },
    closing() {
      closed = true;
      clearInterval(timer);
      clearTimeout(settling);
    },
  };
}
