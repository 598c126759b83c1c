import type { ServerFeature } from '../feature';
import { authRoutes } from './routes';

export const authFeature: ServerFeature = {
  name: 'auth',
  register: (app, { db, config }) =>
    app.register(authRoutes, {
      db,
      publicUrl: config.publicUrl,
      registration: config.registration,
    }),
};
