import { and, gt, lte } from 'drizzle-orm';
import { addDays, dayOf, dayStartUtc, daysBetween } from '../../../shared/calendar';
import type { Db } from '../../platform/db/client';
import { trips } from '../../platform/db/schema';
import { tripMemberIds } from '../trips/access';
import { notify } from './notify';

/**
 * Trip reminders (the "Trip reminders" switch): a week before departure and the day before, to
 * everyone on the trip. A trip made less than a week before it starts gets no week reminder (it
 * is no news to them), only the day before. Days are UTC days. A run missed while no server was
 * up is made up at the next, within the window (2 to 7 days left for the week's reminder).
 */
export async function remindTrips(db: Db, now: Date) {
  const today = dayOf(now);
  const due = await db
    .select({ id: trips.id, startDate: trips.startDate, createdAt: trips.createdAt })
    .from(trips)
    .where(and(gt(trips.startDate, today), lte(trips.startDate, addDays(today, 7))));
  let told = 0;
  for (const trip of due) {
    const daysLeft = daysBetween(today, trip.startDate);
    const which = daysLeft === 1 ? 'day' : 'week';
    const dueFrom = dayStartUtc(addDays(trip.startDate, which === 'day' ? -1 : -7));
    if (trip.createdAt.getTime() > dueFrom) continue;
    told += await notify(
      db,
      await tripMemberIds(db, trip.id),
      {
        kind: 'tripReminder',
        tripId: trip.id,
        actorId: null,
        data: { days: daysLeft },
        dedupeKey: `reminder:${trip.id}:${trip.startDate}:${which}`,
      },
      now,
    );
  }
  return told;
}
