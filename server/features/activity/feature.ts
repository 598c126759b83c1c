import type { ServerFeature } from '../feature';
import { activityRetentionJob } from './retention';
import { activityRoutes } from './routes';

export const activityFeature: ServerFeature = {
  name: 'activity',
  register: (app, { db }) => app.register(activityRoutes, { db }),
  jobs: ({ db, log }) => [activityRetentionJob(db, log)],
};
