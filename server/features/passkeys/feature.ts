import type { ServerFeature } from '../feature';
import { passkeysRoutes } from './routes';

export const passkeysFeature: ServerFeature = {
  name: 'passkeys',
  register: (app, { db, config }) =>
    app.register(passkeysRoutes, { db, publicUrl: config.publicUrl }),
};
