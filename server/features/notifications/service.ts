import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type BellKind,
  type MarkRead,
  NOTIFICATION_MESSAGES,
  type NotificationData,
  type NotificationEntry,
} from '../../../shared/contracts/notifications';
import type { Db } from '../../platform/db/client';
import { olderThan, pageOf } from '../../platform/db/keyset';
import { trips, users } from '../../platform/db/schema';
import { memberName } from '../trips/access';
import { notifications } from './tables';

const actors = alias(users, 'actor');

const inBell = (userId: string) =>
  and(eq(notifications.userId, userId), eq(notifications.inApp, true));
const unreadOf = (userId: string) => and(inBell(userId), isNull(notifications.readAt));

function selectEntries(db: Db, where: SQL | undefined) {
  return db
    .select({
      entry: notifications,
      trip: { id: trips.id, name: trips.name },
      actor: {
        id: actors.id,
        username: actors.username,
        firstName: actors.firstName,
        lastName: actors.lastName,
        image: actors.profileImageUrl,
      },
    })
    .from(notifications)
    .leftJoin(trips, eq(trips.id, notifications.tripId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(where);
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function toEntry({ entry, trip, actor }: EntryRow): NotificationEntry {
  return {
    id: entry.id,
    kind: entry.kind as BellKind,
    createdAt: entry.createdAt.toISOString(),
    readAt: entry.readAt?.toISOString() ?? null,
    trip,
    actor: actor ? { id: actor.id, name: memberName(actor), image: actor.image ?? null } : null,
    subjectId: entry.subjectId,
    data: entry.data as NotificationData,
  };
}

/** `GET /api/notifications`: the caller's bell, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
) {
  const before = page.before
    ? olderThan(notifications, page.before, NOTIFICATION_MESSAGES.badCursor)
    : undefined;
  const rows = await selectEntries(db, and(inBell(userId), before))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
  const { rows: shown, nextCursor } = pageOf(rows, page.limit, ({ entry }) => entry);
  return {
    entries: shown.map(toEntry),
    nextCursor,
    total: await db.$count(notifications, inBell(userId)),
  };
}

export async function unreadCountOf(db: Db, userId: string) {
  return { unread: await db.$count(notifications, unreadOf(userId)) };
}

/**
 * `POST /api/notifications/read`: the caller's own entries only (another's id changes nothing);
 * the unread count after.
 */
export async function markRead(db: Db, userId: string, which: MarkRead, now = new Date()) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(unreadOf(userId), 'ids' in which ? inArray(notifications.id, which.ids) : undefined),
    );
  return unreadCountOf(db, userId);
}
