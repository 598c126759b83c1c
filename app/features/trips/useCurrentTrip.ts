import { useCallback, useEffect } from 'react';
import { useSearchParams } from '@/lib/router';
import type { TripDto } from '../../../shared/contracts/trips';
import { useTrips } from './useTrips';

/** The last trip opened in this browser, for a visit to /dashboard without `?trip=`. */
export const LAST_TRIP_STORAGE_KEY = 'tripmates.lastTrip';
export const TRIP_PARAM = 'trip';

/** The dashboard opened on one trip (after joining it, say). */
export const tripPath = (tripId: string) =>
  `/dashboard?${new URLSearchParams({ [TRIP_PARAM]: tripId })}`;

// Storage can throw (private modes, a full quota, storage turned off); the choice of trip is a
// convenience, so it is lost quietly then.
function readLastTrip(): string | null {
  try {
    return window.localStorage.getItem(LAST_TRIP_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeLastTrip(tripId: string | null) {
  try {
    if (tripId) window.localStorage.setItem(LAST_TRIP_STORAGE_KEY, tripId);
    else window.localStorage.removeItem(LAST_TRIP_STORAGE_KEY);
  } catch {
    // See readLastTrip.
  }
}

const NO_TRIPS: TripDto[] = [];

export type CurrentTrip = {
  /** My trips (empty while loading, on an error, or once the last one is deleted). */
  trips: TripDto[];
  /** The trip on screen, or null when there is none (yet). */
  trip: TripDto | null;
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
  /** Opens a trip (null: none chosen, so the first trip, if any, shows). */
  selectTrip: (tripId: string | null) => void;
};

/**
 * The trip the dashboard shows: `?trip=<id>` when given, else the last one opened here, else the
 * first of my trips. An id that is not (or no longer) one of my trips — a deleted trip, an old
 * link — falls back to the first trip. Choosing a trip replaces the search param (no history
 * entry per switch) and remembers the choice for the next visit.
 */
export function useCurrentTrip(): CurrentTrip {
  const query = useTrips();
  const [searchParams, setSearchParams] = useSearchParams();
  const trips = query.data ?? NO_TRIPS; // one empty list, so it is stable as a dependency
  const wanted = searchParams.get(TRIP_PARAM) ?? readLastTrip();
  const trip = trips.find((candidate) => candidate.id === wanted) ?? trips[0] ?? null;
  const tripId = trip?.id ?? null;

  // Whatever shows — chosen, linked or fallen back to — is the last trip opened.
  useEffect(() => {
    if (tripId) writeLastTrip(tripId);
  }, [tripId]);

  const selectTrip = useCallback(
    (id: string | null) => {
      writeLastTrip(id);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(TRIP_PARAM, id);
          else next.delete(TRIP_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const { refetch: refetchTrips } = query;
  const refetch = useCallback(() => void refetchTrips(), [refetchTrips]);

  return { trips, trip, isLoading: query.isLoading, error: query.error, refetch, selectTrip };
}
