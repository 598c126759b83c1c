import type { ServerFeature } from '../feature';
import { accountRoutes } from './routes';

export const accountFeature: ServerFeature = {
  name: 'account',
  register: (app, { db, config }) =>
    app.register(accountRoutes, { db, publicUrl: config.publicUrl }),
};
