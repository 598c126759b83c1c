import type { ServerFeature } from '../feature';
import { twoFactorRoutes } from './routes';

export const twoFactorFeature: ServerFeature = {
  name: 'twofactor',
  register: (app, { db }) => app.register(twoFactorRoutes, { db }),
};
