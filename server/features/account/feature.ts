import type { ServerFeature } from '../feature';
import { pictureRoutes } from './pictureRoutes';
import { accountRoutes } from './routes';

export const accountFeature: ServerFeature = {
  name: 'account',
  register: async (app, { db, config, files }) => {
    await app.register(accountRoutes, { db, publicUrl: config.publicUrl });
    // The profile picture (issue #38 item 9), kept in the photo storage.
    await app.register(pictureRoutes, { db, files });
  },
};
