import type { ServerFeature } from '../feature';
import { healthRoutes } from './routes';

export const healthFeature: ServerFeature = {
  name: 'health',
  register: (app, { database }) => app.register(healthRoutes, { database }),
};
