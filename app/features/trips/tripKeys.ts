/**
 * Query keys of a trip's data. The default query function joins a key with "/" into the URL, so
 * each key is also its `GET` path; mutations invalidate (or, later, live events update) by key.
 */
export const TRIPS_KEY = ['/api/trips'] as const;

export const tripKeys = {
  all: TRIPS_KEY,
  trip: (tripId: string) => ['/api/trips', tripId] as const,
  members: (tripId: string) => ['/api/trips', tripId, 'members'] as const,
  widgets: (tripId: string) => ['/api/trips', tripId, 'widgets'] as const,
  todos: (tripId: string) => ['/api/trips', tripId, 'todos'] as const,
  flights: (tripId: string) => ['/api/trips', tripId, 'flights'] as const,
  polls: (tripId: string) => ['/api/trips', tripId, 'polls'] as const,
  searches: (tripId: string) => ['/api/trips', tripId, 'searches'] as const,
  shortlist: (tripId: string) => ['/api/trips', tripId, 'shortlist'] as const,
  photos: (tripId: string) => ['/api/trips', tripId, 'photos'] as const,
  activity: (tripId: string) => ['/api/trips', tripId, 'activity'] as const,
  /** Every comment query of the trip (its counts, each item's thread) starts with this. */
  comments: (tripId: string) => ['/api/trips', tripId, 'comments'] as const,
};
