import type { ServerFeature } from '../feature';
import { searchRoutes } from './routes';

export const searchFeature: ServerFeature = {
  name: 'search',
  register: (app, { db, config }) => app.register(searchRoutes, { db, config }),
};
