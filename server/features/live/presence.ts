import { type PresenceMember, presenceColour } from '../../../shared/contracts/live';
import { joinedTrip, type LiveCore, type LivePiece, type SocketUser, tripRoom } from './core';

// Joins and leaves close together are announced once.
const PRESENCE_SETTLE_MS = 50;

/**
 * Runs `announce(key)` once, `settleMs` after the first of the calls for that key that come
 * close together; after `close()`, never.
 */
export function createSettler(settleMs: number, announce: (key: string) => void) {
  const pending = new Map<string, NodeJS.Timeout>();
  let closed = false;
  return {
    schedule(key: string) {
      if (closed || pending.has(key)) return;
      const timer = setTimeout(() => {
        pending.delete(key);
        announce(key);
      }, settleMs);
      pending.set(key, timer);
    },
    close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** One face per person, whatever number of tabs they have open, in name order. */
export function presenceList(users: (SocketUser | undefined)[]): PresenceMember[] {
  const members = new Map<string, PresenceMember>();
  for (const user of users) {
    if (!user || members.has(user.id)) continue;
    members.set(user.id, {
      userId: user.id,
      name: user.name,
      image: user.image,
      colour: presenceColour(user.id),
    });
  }
  return [...members.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export type Presence = LivePiece & {
  /** Who has the trip open now. */
  presenceOf(tripId: string): Promise<PresenceMember[]>;
  /** Tells the trip's room who is there, once joins and leaves have settled. */
  announce(tripId: string): void;
  /** A person's new name or picture: into their sockets here and on every other instance. */
  userChanged(user: SocketUser): void;
};

/**
 * Who has a trip open, never stored: read from the trip's room itself, so it is right across
 * instances when the Redis adapter is on.
 */
export function presence(live: LiveCore): Presence {
  /**
   * Who is in the trip's room, on every instance; when the other instances cannot be asked
   * (Redis away), on this one, rather than not at all.
   */
  async function presenceOf(tripId: string) {
    const sockets = await live.io
      .in(tripRoom(tripId))
      .fetchSockets()
      .catch((error: Error) => {
        live.log.warn({ err: error.message }, 'presence read from this instance only');
        return live.io.local.in(tripRoom(tripId)).fetchSockets();
      });
    return presenceList(sockets.map(({ data }) => data.user));
  }

  const settler = createSettler(PRESENCE_SETTLE_MS, async (tripId) => {
    try {
      const at = Date.now(); // when the room was read, not when the answer came
      const members = await presenceOf(tripId);
      live.io.to(tripRoom(tripId)).emit('presence', { tripId, members, at });
    } catch (error) {
      live.log.warn({ err: error }, 'could not announce presence');
    }
  });

  /** This instance's sockets of the person take their new name and picture; presence follows. */
  function refreshUser(user: SocketUser) {
    const trips = new Set<string>();
    for (const socket of live.io.of('/').sockets.values()) {
      if (socket.data.user?.id !== user.id) continue;
      socket.data.user = user;
      const tripId = joinedTrip(socket);
      if (tripId) trips.add(tripId);
    }
    for (const tripId of trips) settler.schedule(tripId);
  }

  return {
    name: 'presence',
    presenceOf,
    announce: settler.schedule,
    userChanged(user) {
      refreshUser(user);
      live.tellOtherInstances('user:changed', user);
    },
    started() {
      live.io.on('user:changed', refreshUser);
    },
    leftTrip(tripId) {
      settler.schedule(tripId);
    },
    resynced() {
      // Lists announced while Redis was away held this instance's tabs only.
      for (const socket of live.io.of('/').sockets.values()) {
        const tripId = joinedTrip(socket);
        if (tripId) settler.schedule(tripId);
      }
    },
    closing() {
      settler.close();
    },
  };
}
