import type { ServerFeature } from '../feature';
import { waitlistRoutes } from './routes';

export const waitlistFeature: ServerFeature = {
  name: 'waitlist',
  register: (app, { db }) => app.register(waitlistRoutes, { db }),
};
