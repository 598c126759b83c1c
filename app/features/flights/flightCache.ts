import { tripKeys } from '@/features/trips/tripKeys';
import { tripListCache } from '@/lib/listById';
import type { Flight } from '../../../shared/contracts/flights';

export const flightKeys = {
  list: (tripId: string) => [...tripKeys.trip(tripId), 'flights'] as const,
};

/** The departure instant in ms; an unreadable time sorts last rather than breaking the sort. */
function departs(flight: Flight): number {
  const ms = Date.parse(flight.departureTime);
  return Number.isFinite(ms) ? ms : Number.POSITIVE_INFINITY;
}

/**
 * The server's order (listFlights): by departure instant, whatever each time's offset, then in
 * the order they were entered. The cache is kept in that order after every change.
 */
export function sortByDeparture(flights: readonly Flight[]): Flight[] {
  return [...flights].sort(
    (a, b) =>
      departs(a) - departs(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/**
 * The cached flights of a trip, kept in departure order after every change; this tab's changes
 * and other members' live ones go through it. `forgetFlight`: deleted here or by another
 * member, or found gone.
 */
export const {
  save: saveFlightInCache,
  replace: replaceFlightInCache,
  remove: forgetFlight,
  live: flightLive,
} = tripListCache<Flight>(flightKeys.list, sortByDeparture);
