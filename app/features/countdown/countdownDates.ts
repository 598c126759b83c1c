import type { TripDto } from '../../../shared/contracts/trips';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a calendar day ("2026-12-20") in the viewer's time zone; null when not a day. */
export function startOfLocalDay(day: unknown): Date | null {
  if (typeof day !== 'string') return null;
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // new Date rolls an impossible day over (Feb 30 → Mar 2): that is no date at all.
  return date.getDate() === Number(match[3]) ? date : null;
}

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
  trip: Pick<TripDto, 'startDate' | 'endDate'>,
  data: Record<string, unknown> | null,
): CountdownDates {
  const start = data?.startDate;
  const end = data?.endDate;
  if (startOfLocalDay(start) && typeof start === 'string') {
    const ownEnd = startOfLocalDay(end) && typeof end === 'string' && end >= start ? end : start;
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
