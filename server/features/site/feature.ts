import type { ServerFeature } from '../feature';
import { siteRoutes } from './routes';

export const siteFeature: ServerFeature = {
  name: 'site',
  register: (app, { config }) => app.register(siteRoutes, { config }),
};
