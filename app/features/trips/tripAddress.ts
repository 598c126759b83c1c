import { useEffect } from 'react';
import { type Address, useAddress, useLocation } from '@/lib/router';
import { tripPath } from '../../../shared/clientRoutes';
import { canonicalId } from '../../../shared/ids';

/**
 * Before trips had addresses (issue #37) the dashboard opened one by this query parameter, on
 * `/dashboard` or, signed in, `/`: links in e-mails sent before then, bookmarks and history.
 */
const OLD_TRIP_PARAM = 'trip';
const OLD_TRIP_PAGES = /^\/(?:dashboard\/?)?$/i;

/**
 * The trip an address names: `/trips/:tripId`'s, or an old link's `?trip=` while it is being
 * moved (so the trip shows at once rather than the last one opened first). Null for neither.
 */
export function linkedTripId(
  params: { tripId?: string | undefined },
  { pathname, search }: Pick<Address, 'pathname' | 'search'>,
): string | null {
  if (params.tripId) return canonicalId(params.tripId);
  if (!OLD_TRIP_PAGES.test(pathname)) return null;
  const old = new URLSearchParams(search).get(OLD_TRIP_PARAM);
  return old ? canonicalId(old) : null;
}

/**
 * Where an old trip link lives now: `/trips/<id>`, with the rest of its query and its hash. Null
 * for any other address.
 */
export function movedTripAddress({ pathname, search, hash }: Address): string | null {
  if (!OLD_TRIP_PAGES.test(pathname)) return null;
  const query = new URLSearchParams(search);
  const tripId = query.get(OLD_TRIP_PARAM);
  if (!tripId) return null;
  query.delete(OLD_TRIP_PARAM);
  const rest = query.toString();
  return tripPath(tripId) + (rest ? `?${rest}` : '') + hash;
}

/** Moves an old trip link to the trip's address, in place: Back must not lead to it again. */
export function useMoveOldTripLink() {
  const address = useAddress();
  const [, navigate] = useLocation();
  const moved = movedTripAddress(address);
  useEffect(() => {
    if (moved) navigate(moved, { replace: true });
  }, [moved, navigate]);
}
