import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { emailDeliveries, notifications } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a notification and an e-mail's delivery row are kept. Far longer than any event can be
 * found again (a reminder's window is a week, a poll's deadline or a due date a day), so a dedupe
 * key or a delivery row never goes while it could still stop a repeat.
 */
export const NOTIFICATIONS_KEPT_DAYS = 90;
// Deleted a batch at a time: a short statement each, however much has piled up.
const BATCH = 5000;

const newer = alias(emailDeliveries, 'newer');

/**
 * Deletes notifications and delivery rows older than NOTIFICATIONS_KEPT_DAYS, except each
 * person's last summary of a trip: the next summary starts from it. How many rows went.
 */
export async function pruneNotifications(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATIONS_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(lt(notifications.createdAt, before))
      .limit(BATCH);
    const gone = await db
      .delete(notifications)
      .where(inArray(notifications.id, batch))
      .returning({ id: notifications.id });
    deleted += gone.length;
    if (gone.length < BATCH) break;
  }
  const superseded = sql`(${emailDeliveries.kind} <> 'summary' or exists (${db
    .select({ one: sql`1` })
    .from(newer)
    .where(
      and(
        eq(newer.kind, 'summary'),
        eq(newer.userId, emailDeliveries.userId),
        eq(newer.tripId, emailDeliveries.tripId),
        sql`${newer.sentAt} > ${emailDeliveries.sentAt}`,
      ),
    )}))`;
  for (;;) {
    const batch = db
      .select({ key: emailDeliveries.key })
      .from(emailDeliveries)
      .where(and(lt(emailDeliveries.sentAt, before), superseded))
      .limit(BATCH);
    const gone = await db
      .delete(emailDeliveries)
      .where(inArray(emailDeliveries.key, batch))
      .returning({ key: emailDeliveries.key });
    deleted += gone.length;
    if (gone.length < BATCH) break;
  }
  return deleted;
}
