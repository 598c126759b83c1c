/**
 * Query keys of a trip's data. The default query function joins a key with "/" into the URL, so
 * each key is also its `GET` path; mutations invalidate (or, later, live events update) by key.
 * A feature's own lists are keyed under `trip(tripId)` in its folder (`pollKeys`, `todoKeys` …).
 */
export const TRIPS_KEY = ['/api/trips'] as const;

export const tripKeys = {
  all: TRIPS_KEY,
  trip: (tripId: string) => ['/api/trips', tripId] as const,
  members: (tripId: string) => ['/api/trips', tripId, 'members'] as const,
  widgets: (tripId: string) => ['/api/trips', tripId, 'widgets'] as const,
  activity: (tripId: string) => ['/api/trips', tripId, 'activity'] as const,
  /** Every comment query of the trip (its counts, each item's thread) starts with this. */
  comments: (tripId: string) => ['/api/trips', tripId, 'comments'] as const,
};
