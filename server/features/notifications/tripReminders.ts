import { and, gt, lte } from 'drizzle-orm';
import { addDays, dayOf } from '../../../shared/calendar';
import type { Db } from '../../platform/db/client';
import { trips } from '../../platform/db/schema';
import { tripMemberIds } from '../trips/access';
import { notify } from './notify';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    const daysLeft = Math.round((Date.parse(trip.startDate) - Date.parse(today)) / DAY_MS);
    const which = daysLeft === 1 ? 'day' : 'week';
    const dueFrom = Date.parse(`${addDays(trip.startDate, which === 'day' ? -1 : -7)}T00:00:00Z`);
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
