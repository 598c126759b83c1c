import type { ServerFeature } from '../feature';
import { membersRoutes } from './routes';

export const membersFeature: ServerFeature = {
  name: 'members',
  register: (app, { db, config }) => app.register(membersRoutes, { db, config }),
};
