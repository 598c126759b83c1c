import type { FastifyRequest } from 'fastify';
import type { TripChange } from '../../../shared/contracts/live';
import type { Db, Tx } from '../../platform/db/client';
import { logChanges } from './changeLog';
import type { ElsewhereToo, Live } from './liveServer';
import { liveOrigin } from './plugin';

/**
 * What a service tells the live side about its change (conventions §14: a change announces
 * itself; a route does not have to remember to). The tab that made the change is bound in
 * already, so its own echo is skipped. Inside `inTransaction` nothing is sent until the
 * transaction commits.
 */
export type LiveChanges = {
  /**
   * A saved change, to everyone who has the trip open (and `memberIds`' other tabs). `seq`, its
   * number in the trip's sequence, is `inTransaction`'s to give.
   */
  tripChanged(tripId: string, change: TripChange, options?: ElsewhereToo, seq?: number): void;
  /** The trip is gone: everyone on it is told, wherever they look. */
  tripDeleted(tripId: string, options: ElsewhereToo): void;
  /** `userId` is no longer on the trip: their tabs are told why and let go. */
  memberGone(tripId: string, userId: string, message: string): void;
  /** A person's name or picture changed: presence and member lists follow. */
  userChanged(user: Parameters<Live['userChanged']>[0]): void;
  /** Closes the live connections of a session, or of every session of a user. */
  disconnect: Live['disconnect'];
};

/**
 * What a service that changes shared data needs: the database (the caller's transaction, inside
 * `inTransaction`), where to announce the change, and who makes it (for the trip's history,
 * issue #24; null: the server itself).
 */
export type ChangeContext = { db: Db; live: LiveChanges; actorId: string | null };

/** A change under way: its transaction, its held announcements, who makes it. */
export type Change = ChangeContext & { db: Tx };

type HeldMessage = (live: LiveChanges) => void;
type HeldChange = { tripId: string; change: TripChange; options?: ElsewhereToo; seq?: number };

/** Announcements kept until their transaction commits, then handed on in the order made. */
class HeldLive implements LiveChanges {
  readonly messages: HeldMessage[] = [];
  /** The trip changes among them, to be numbered before the outermost transaction commits. */
  readonly changes: HeldChange[] = [];
  tripChanged(tripId: string, change: TripChange, options?: ElsewhereToo, seq?: number) {
    const held: HeldChange = { tripId, change, options, seq };
    this.changes.push(held);
    this.messages.push((live) => live.tripChanged(tripId, change, options, held.seq));
  }
  tripDeleted(...args: Parameters<LiveChanges['tripDeleted']>) {
    this.messages.push((live) => live.tripDeleted(...args));
  }
  memberGone(...args: Parameters<LiveChanges['memberGone']>) {
    this.messages.push((live) => live.memberGone(...args));
  }
  userChanged(...args: Parameters<LiveChanges['userChanged']>) {
    this.messages.push((live) => live.userChanged(...args));
  }
  disconnect(...args: Parameters<LiveChanges['disconnect']>) {
    this.messages.push((live) => live.disconnect(...args));
  }
}

/**
 * Runs `work` as one change (issue #37): one transaction, whose live messages go out once it
 * commits and never for a change that rolled back. Inside a caller's change it is a savepoint of
 * the caller's transaction, and its messages wait for the caller's commit: an expense, its
 * splits, its history entry and its notifications commit — and are announced — together.
 */
export async function inTransaction<T>(
  context: ChangeContext,
  work: (change: Change) => Promise<T>,
): Promise<T> {
  const held = new HeldLive();
  const outermost = !(context.live instanceof HeldLive);
  const result = await context.db.transaction(async (tx) => {
    const done = await work({ db: tx, live: held, actorId: context.actorId });
    // The trip's sequence (issue #37): numbered and kept with the data, in its transaction.
    if (outermost && held.changes.length > 0) {
      const numbers = await logChanges(tx, held.changes);
      held.changes.forEach((change, index) => {
        change.seq = numbers[index] ?? undefined;
      });
    }
    return done;
  });
  for (const send of held.messages) send(context.live);
  return result;
}

/** The live side bound to the tab whose request makes the change (none: the server's own). */
export function liveChangesOf(live: Live, request: FastifyRequest | null): LiveChanges {
  const origin = request ? liveOrigin(request) : null;
  return {
    tripChanged: (tripId, change, options, seq) =>
      live.tripChanged(tripId, change, origin, options, seq),
    tripDeleted: (tripId, options) => live.tripDeleted(tripId, origin, options),
    memberGone: (tripId, userId, message) => live.memberGone(tripId, userId, message),
    userChanged: (user) => void live.userChanged(user),
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
