import type { ServerFeature } from '../feature';
import { plansRoutes } from './routes';

export const plansFeature: ServerFeature = {
  name: 'plans',
  register: (app, { db }) => app.register(plansRoutes, { db }),
};
