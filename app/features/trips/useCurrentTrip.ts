import { useCallback, useEffect } from 'react';
import { useAddress, useLocation, useParams } from '@/lib/router';
import { tripPath } from '../../../shared/clientRoutes';
import type { Trip } from '../../../shared/contracts/trips';
import { linkedTripId } from './tripAddress';
import { useTrips } from './useTrips';

/** The last trip opened in this browser, for a visit to /dashboard (or `/`), which names none. */
export const LAST_TRIP_STORAGE_KEY = 'tripmates.lastTrip';

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

const NO_TRIPS: Trip[] = [];

export type CurrentTrip = {
  /** My trips (empty while loading, on an error, or once the last one is deleted). */
  trips: Trip[];
  /** The trip on screen, or null when there is none (yet). */
  trip: Trip | null;
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
  /** Opens a trip (null: none chosen, so the first trip, if any, shows). */
  selectTrip: (tripId: string | null) => void;
};

/**
 * The trip the dashboard shows: the one its address names (`/trips/<id>`) when given, else the
 * last one opened here, else the first of my trips. An id that is not (or no longer) one of my
 * trips — a deleted trip, an old link — falls back to the first trip. Choosing a trip goes to its
 * address in place (no history entry per switch, as before trips had addresses), keeping the
 * panel and the query, and remembers the choice for the next visit; choosing none goes to
 * /dashboard.
 */
export function useCurrentTrip(): CurrentTrip {
  const query = useTrips();
  const params = useParams();
  const address = useAddress();
  const [, navigate] = useLocation();
  const trips = query.data ?? NO_TRIPS; // one empty list, so it is stable as a dependency
  const wanted = linkedTripId(params, address) ?? readLastTrip();
  const trip = trips.find((candidate) => candidate.id === wanted) ?? trips[0] ?? null;
  const tripId = trip?.id ?? null;

  // Whatever shows — chosen, linked or fallen back to — is the last trip opened.
  useEffect(() => {
    if (tripId) writeLastTrip(tripId);
  }, [tripId]);

  const { panel } = params;
  const { search } = address;
  const selectTrip = useCallback(
    (id: string | null) => {
      writeLastTrip(id);
      const page = id
        ? tripPath(id) + (panel ? `/${encodeURIComponent(panel)}` : '')
        : '/dashboard';
      navigate(page + search, { replace: true });
    },
    [navigate, panel, search],
  );

  const { refetch: refetchTrips } = query;
  const refetch = useCallback(() => void refetchTrips(), [refetchTrips]);

  return { trips, trip, isLoading: query.isLoading, error: query.error, refetch, selectTrip };
}
