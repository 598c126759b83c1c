import { and, eq, isNotNull, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describeGroup, groupActivity } from '../../../shared/activityText';
import { dayOf } from '../../../shared/calendar';
import { NOTIFICATION_LABELS } from '../../../shared/contracts/notifications';
import type { Db } from '../../platform/db/client';
import { tripMembers, trips, users } from '../../platform/db/schema';
import { queueMail } from '../../platform/mail/outbox';
import { activityOfOthers } from '../activity/service';
import { memberName } from '../trips/access';
import { renderEmail } from './emailTemplate';
import { emailLinks, tripUrl } from './links';
import { preferencesOf } from './preferences';
import { emailDeliveries } from './tables';

/** Summaries go out from this hour (UTC) of each day: a morning read, not a midnight one. */
export const SUMMARY_HOUR_UTC = 7;
// The changes a summary lists; more are counted ("and 12 more changes").
const SHOWN = 30;

const owners = alias(users, 'owner');

/**
 * Pro trips' daily summary (spec §9): to each member who wants it, what the others changed since
 * they last looked (had the trip open, or got the last summary), and only when something did.
 * One a day per person and trip: the delivery row's key names the day, and is written before the
 * e-mail goes, so two instances or a re-run never send it twice. How many were sent.
 */
export async function sendSummaries(
  deps: { db: Db; publicUrl: string },
  now: Date,
): Promise<number> {
  if (now.getUTCHours() < SUMMARY_HOUR_UTC) return 0;
  const { db } = deps;
  const day = dayOf(now);
  const members = await db
    .select({
      tripId: trips.id,
      tripName: trips.name,
      userId: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      token: users.unsubscribeToken,
      preferences: users.notificationPreferences,
      joinedAt: tripMembers.joinedAt,
      lastSeenAt: tripMembers.lastSeenAt,
    })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .innerJoin(owners, eq(owners.id, trips.ownerId))
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(and(eq(owners.plan, 'pro'), isNotNull(users.email)));
  let sent = 0;
  for (const member of members) {
    if (!member.email || !preferencesOf(member.preferences).summary.email) continue;
    const key = `summary:${member.tripId}:${member.userId}:${day}`;
    const [last] = await db
      .select({ at: max(emailDeliveries.sentAt) })
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.userId, member.userId),
          eq(emailDeliveries.tripId, member.tripId),
          eq(emailDeliveries.kind, 'summary'),
        ),
      );
    if (last?.at && dayOf(last.at) === day) continue;
    const since = new Date(
      Math.max(
        member.joinedAt.getTime(),
        member.lastSeenAt?.getTime() ?? 0,
        last?.at?.getTime() ?? 0,
      ),
    );
    const changes = await activityOfOthers(db, member.tripId, member.userId, since, now, SHOWN);
    if (changes.total === 0) continue;
    const lines = groupActivity(changes.entries, now).flatMap((group) =>
      group.groups.map(describeGroup),
    );
    const more = changes.total - changes.entries.length;
    if (more > 0) lines.push(`and ${more} more ${more === 1 ? 'change' : 'changes'}`);
    const mail = renderEmail({
      to: member.email,
      subject: `What changed in ${member.tripName}`,
      greeting: `Hi ${memberName(member)},`,
      lines,
      asList: true,
      action: { label: 'Open the trip', url: tripUrl(deps.publicUrl, member.tripId) },
      why: `You get this because “${NOTIFICATION_LABELS.summary.label}” e-mails are on in your Tripmates settings.`,
      ...emailLinks(deps.publicUrl, member.token, 'summary'),
    });
    // Recorded and queued together; the outbox retries should the mail server fail.
    const queued = await db.transaction(async (tx) => {
      const [logged] = await tx
        .insert(emailDeliveries)
        .values({ key, userId: member.userId, tripId: member.tripId, kind: 'summary', sentAt: now })
        .onConflictDoNothing()
        .returning({ key: emailDeliveries.key });
      if (!logged) return false;
      await queueMail(tx, { ...mail, kind: 'summary', tripId: member.tripId }, now);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
