import type { ServerFeature } from '../feature';
import { mediaRoutes } from './routes';

export const mediaFeature: ServerFeature = {
  name: 'media',
  register: (app, { config }) => app.register(mediaRoutes, { config }),
};
