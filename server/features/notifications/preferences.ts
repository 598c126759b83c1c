import { eq, inArray } from 'drizzle-orm';
import {
  CHANNELS_OF,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../shared/contracts/notifications';
import type { Db, Tx } from '../../platform/db/client';
import { type StoredNotificationPreferences, users } from '../../platform/db/schema';

/**
 * A person's choices over the defaults: a kind added later takes its default until they choose,
 * and a channel a kind does not have is always off.
 */
export function preferencesOf(stored: StoredNotificationPreferences): NotificationPreferences {
  const result = {} as NotificationPreferences;
  for (const kind of NOTIFICATION_KINDS) {
    const chosen = stored[kind] ?? {};
    const defaults = DEFAULT_NOTIFICATION_PREFERENCES[kind];
    result[kind] = {
      inApp: CHANNELS_OF[kind].includes('inApp') && (chosen.inApp ?? defaults.inApp),
      email: CHANNELS_OF[kind].includes('email') && (chosen.email ?? defaults.email),
    };
  }
  return result;
}

export async function readPreferences(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ stored: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId));
  return preferencesOf(row?.stored ?? {});
}

/** `PUT /api/notification-preferences`: stored whole, as the person sees it now. */
export async function savePreferences(db: Db, userId: string, chosen: NotificationPreferences) {
  const [row] = await db
    .update(users)
    .set({ notificationPreferences: preferencesOf(chosen) })
    .where(eq(users.id, userId))
    .returning({ stored: users.notificationPreferences });
  return preferencesOf(row!.stored);
}

/** Turns one kind's e-mails off (an unsubscribe link), leaving the rest as they were. */
export async function turnEmailOff(db: Db | Tx, userId: string, kind: NotificationKind) {
  const current = await readPreferences(db, userId);
  await db
    .update(users)
    .set({ notificationPreferences: { ...current, [kind]: { ...current[kind], email: false } } })
    .where(eq(users.id, userId));
}

/** Each of `userIds`' channels for `kind` (a person not found gets none). */
export async function channelsFor(
  db: Db | Tx,
  userIds: string[],
  kind: NotificationKind,
): Promise<Map<string, Record<NotificationChannel, boolean>>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, stored: users.notificationPreferences })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, preferencesOf(row.stored)[kind]]));
}
