import type { ServerFeature } from '../feature';
import { tripsRoutes } from './routes';

export const tripsFeature: ServerFeature = {
  name: 'trips',
  register: (app, { db }) => app.register(tripsRoutes, { db }),
};
