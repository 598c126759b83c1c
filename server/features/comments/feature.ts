import type { ServerFeature } from '../feature';
import { commentsRoutes } from './routes';

export const commentsFeature: ServerFeature = {
  name: 'comments',
  register: (app, { db }) => app.register(commentsRoutes, { db }),
};
