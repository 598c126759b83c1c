import type { ServerFeature } from '../feature';
import { pruneChangeLog } from './changeLog';
import { changesRoutes } from './changesRoutes';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The live side as a feature: the trips' change log that tabs catch up from (the live server
 * itself is registered before the features, server/app.ts).
 */
export const liveFeature: ServerFeature = {
  name: 'live',
  register: (app, { db }) => app.register(changesRoutes, { db }),
  jobs: ({ db }) => [
    { name: 'trip-changes-prune', everyMs: HOUR_MS, run: (now) => pruneChangeLog(db, now) },
  ],
};
