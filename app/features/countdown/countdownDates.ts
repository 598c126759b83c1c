import { isDay, startOfLocalDay } from '../../../shared/calendar';
import type { Trip } from '../../../shared/contracts/trips';

export type CountdownDates = {
  /** The calendar days counted to and through, `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  /** Whether they are the widget's own (spec §3 countdown data) rather than the trip's. */
  own: boolean;
};

/**
 * spec §3/§4: a countdown counts to its own startDate/endDate when it has them, else to the
 * trip's. Settings that are not valid days (an older or hand-made row) fall back to the trip.
 */
export function countdownDates(
  trip: Pick<Trip, 'startDate' | 'endDate'>,
  data: Record<string, unknown> | null,
): CountdownDates {
  const start = data?.startDate;
  const end = data?.endDate;
  if (isDay(start)) {
    const ownEnd = isDay(end) && end >= start ? end : start;
    return { startDate: start, endDate: ownEnd, own: true };
  }
  return { startDate: trip.startDate, endDate: trip.endDate, own: false };
}

export type TripPhase = 'upcoming' | 'under-way' | 'over';

/** Before the first day, during the days themselves (through the end of the last), or after. */
export function tripPhase(dates: CountdownDates, now: Date): TripPhase {
  const start = startOfLocalDay(dates.startDate);
  const end = startOfLocalDay(dates.endDate);
  if (!start || now < start) return 'upcoming';
  if (end) end.setDate(end.getDate() + 1);
  return end && now >= end ? 'over' : 'under-way';
}
