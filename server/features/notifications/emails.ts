import { and, eq, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BELL_NOTICES,
  type BellKind,
  describeNotification,
  NOTIFICATION_LABELS,
  type NotificationData,
  notificationPath,
} from '../../../shared/contracts/notifications';
import type { Db } from '../../platform/db/client';
import { trips, users } from '../../platform/db/schema';
import { queueMail } from '../../platform/mail/outbox';
import type { Mail } from '../../platform/mail/transport';
import { memberName } from '../trips/access';
import { renderEmail } from './emailTemplate';
import { emailLinks } from './links';
import { preferencesOf } from './preferences';
import { emailDeliveries, notifications } from './tables';

// Sent a batch at a time; an e-mail not sent within this long (mail down for days) is dropped.
const BATCH = 100;
const GIVE_UP_MS = 2 * 24 * 60 * 60 * 1000;

const actors = alias(users, 'actor');

type Pending = {
  id: string;
  kind: BellKind;
  data: NotificationData;
  subjectId: string | null;
  tripId: string | null;
  tripName: string | null;
  actorName: string | null;
  to: { email: string; name: string; token: string };
};

/** The e-mail for one notification: its sentence as the subject, the trip as the action. */
export function notificationMail(publicUrl: string, pending: Pending): Mail {
  const sentence = describeNotification(pending, {
    actor: pending.actorName,
    trip: pending.tripName,
  });
  const lines = [`${sentence}.`];
  // A mention's words (a comment's, a chat message's).
  if (pending.data.excerpt) lines.push(`“${pending.data.excerpt}”`);
  return renderEmail({
    to: pending.to.email,
    subject: sentence,
    greeting: `Hi ${pending.to.name},`,
    lines,
    // What it is about, as the bell's entry opens it (an invitation's join page, a to-do …).
    action: {
      label: BELL_NOTICES[pending.kind].action,
      url: publicUrl + notificationPath(pending, pending.tripId),
    },
    why: `You get this because “${NOTIFICATION_LABELS[pending.kind].label}” e-mails are on in your Tripmates settings.`,
    ...emailLinks(publicUrl, pending.to.token, pending.kind),
  });
}

/**
 * Queues the notification e-mails waiting (a scheduled job, every minute). Each is taken in one
 * transaction that clears its `email_pending`, writes its delivery row and puts it in the mail
 * outbox, so a second instance, or a run after a restart, finds it taken, and a mail server that
 * fails only delays it (the outbox retries). How many were queued.
 */
export async function sendPendingEmails(
  deps: { db: Db; publicUrl: string },
  now: Date,
): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      data: notifications.data,
      subjectId: notifications.subjectId,
      createdAt: notifications.createdAt,
      tripId: notifications.tripId,
      tripName: trips.name,
      actor: {
        username: actors.username,
        firstName: actors.firstName,
        lastName: actors.lastName,
      },
      userId: notifications.userId,
      to: {
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        token: users.unsubscribeToken,
        preferences: users.notificationPreferences,
      },
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(trips, eq(trips.id, notifications.tripId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(and(eq(notifications.emailPending, true), lte(notifications.createdAt, now)))
    .orderBy(notifications.createdAt)
    .limit(BATCH);
  let sent = 0;
  for (const row of rows) {
    const kind = row.kind as BellKind;
    const email = row.to.email;
    // Not sent: too late to be news, switched off meanwhile, or an account with no address.
    const stillWanted =
      email !== null &&
      now.getTime() - row.createdAt.getTime() < GIVE_UP_MS &&
      preferencesOf(row.to.preferences)[kind].email;
    if (!email || !stillWanted) {
      await db
        .update(notifications)
        .set({ emailPending: false })
        .where(and(eq(notifications.id, row.id), eq(notifications.emailPending, true)));
      continue;
    }
    const mail = notificationMail(deps.publicUrl, {
      id: row.id,
      kind,
      data: row.data as NotificationData,
      subjectId: row.subjectId,
      tripId: row.tripId,
      tripName: row.tripName,
      actorName: row.actor ? memberName(row.actor) : null,
      to: {
        email,
        name: memberName(row.to),
        token: row.to.token,
      },
    });
    // Taken, recorded and queued together: the outbox sends it, and retries if the server fails.
    const queued = await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(notifications)
        .set({ emailPending: false })
        .where(and(eq(notifications.id, row.id), eq(notifications.emailPending, true)))
        .returning({ id: notifications.id });
      if (!taken) return false;
      const [logged] = await tx
        .insert(emailDeliveries)
        .values({
          key: `notification:${row.id}`,
          userId: row.userId,
          tripId: row.tripId,
          kind,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ key: emailDeliveries.key });
      if (!logged) return false;
      await queueMail(tx, { ...mail, kind: 'notification', tripId: row.tripId }, now);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
