import type { ServerFeature } from '../feature';
import { notificationJobs } from './jobs';
import { announceNotifications } from './live';
import { notificationsRoutes } from './routes';

export const notificationsFeature: ServerFeature = {
  name: 'notifications',
  register: async (app, { db, database }) => {
    await app.register(notificationsRoutes, { db });
    announceNotifications(database.changes, app.live);
  },
  jobs: ({ db, config, log }) => notificationJobs({ db, publicUrl: config.publicUrl, log }),
};
