import { labelledBy, type ServerFeature } from '../feature';
import { shortlistRoutes } from './routes';
import { shortlistOptions } from './tables';

export const shortlistFeature: ServerFeature = {
  name: 'shortlist',
  register: (app, { db, config }) => app.register(shortlistRoutes, { db, config }),
  commentSubjects: { option: labelledBy(shortlistOptions, shortlistOptions.title) },
};
