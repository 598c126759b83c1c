import type { TripRow } from '../../platform/db/schema';

/*
 * A trip's time zone (issue #37): the one a person chose, else its destination's. A destination's
 * zone is looked up before the change's transaction (it is a call to an outside service), and
 * what to store is decided inside it, against the trip's locked row.
 */

/** A trip's zone columns, as written. */
export type TripZone = Partial<Pick<TripRow, 'timeZone' | 'timeZoneChosen'>>;

/**
 * What the lookup of a destination's zone found: the zone, null for a place the geocoder does
 * not know (or has no zone for), undefined when it could not be asked (down, slow).
 */
export type FoundZone = string | null | undefined;

/** Looks up a place's IANA zone (the weather feature's geocoder). */
export type ZoneFinder = (place: string) => Promise<FoundZone>;

/** A trip before it exists: no destination, no zone. */
export const NO_ZONE = { destination: null, timeZone: null, timeZoneChosen: false } as const;

type Before = Pick<TripRow, 'destination' | 'timeZone' | 'timeZoneChosen'>;
type Change = { destination?: string | null; timeZone?: string | null };

/** Whether the change gives the trip a new destination whose zone the trip would follow. */
export function followsNewDestination(
  before: Before,
  change: Change,
): change is Change & {
  destination: string | null;
} {
  return (
    change.timeZone === undefined &&
    change.destination !== undefined &&
    (change.destination ?? null) !== before.destination &&
    !before.timeZoneChosen
  );
}

/**
 * The zone columns to write. A zone sent is chosen (null un-chooses it: the trip follows its
 * destination again from the next change). A new destination moves a zone nobody chose to the
 * place's, or to none when the place has no known zone; when the geocoder could not be asked,
 * the zone is left as it was. A chosen zone stays.
 */
export function zoneChanges(before: Before, change: Change, found: FoundZone): TripZone {
  if (change.timeZone !== undefined) {
    return { timeZone: change.timeZone, timeZoneChosen: change.timeZone !== null };
  }
  if (!followsNewDestination(before, change)) return {};
  if (change.destination === null) return { timeZone: null };
  return found === undefined ? {} : { timeZone: found };
}

/**
 * The new destination's zone when the change makes the trip follow one, looked up with `find`;
 * undefined when there is nothing to look up.
 */
export async function destinationZoneFor(
  find: ZoneFinder,
  before: Before,
  change: Change,
): Promise<FoundZone> {
  if (!followsNewDestination(before, change) || change.destination === null) return undefined;
  return find(change.destination);
}
