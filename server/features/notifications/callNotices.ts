import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { tripMemberIds } from '../trips/access';
import { notify } from './notify';
import { notifications } from './tables';

/** A room started again this soon after the last start (a dropped line, a rejoin) is not news. */
const QUIET_MS = 10 * 60 * 1000;

/**
 * Someone is alone in the trip's audio room (issue #24: drop in): the rest of the trip is told,
 * once per join (`peerId` is new each time, and names the event on every instance), and not again
 * within ten minutes of the last such notice on the trip.
 */
export async function tellRoomStarted(
  db: Db,
  tripId: string,
  starter: { userId: string; peerId: string },
  at: Date,
) {
  const recent = await db.$count(
    notifications,
    and(
      eq(notifications.tripId, tripId),
      eq(notifications.kind, 'callStarted'),
      gt(notifications.createdAt, new Date(at.getTime() - QUIET_MS)),
    ),
  );
  if (recent > 0) return 0;
  return notify(
    db,
    await tripMemberIds(db, tripId),
    {
      kind: 'callStarted',
      tripId,
      actorId: starter.userId,
      dedupeKey: `room:${tripId}:${starter.peerId}`,
    },
    at,
  );
}
