import type { ServerFeature } from '../feature';
import { weatherRoutes } from './routes';

export const weatherFeature: ServerFeature = {
  name: 'weather',
  register: (app, { config }) => app.register(weatherRoutes, { config }),
};
