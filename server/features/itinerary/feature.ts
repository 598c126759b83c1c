import { labelledBy, type ServerFeature } from '../feature';
import { itineraryRoutes } from './routes';
import { itineraryRestorer, letGoerGo } from './service';
import { itineraryItems } from './tables';

export const itineraryFeature: ServerFeature = {
  name: 'itinerary',
  register: (app, { db }) => app.register(itineraryRoutes, { db }),
  restorers: { 'plan.deleted': { restorer: itineraryRestorer, restored: 'plan.restored' } },
  commentSubjects: { plan: labelledBy(itineraryItems, itineraryItems.title) },
  widgets: { itinerary: { defaultTitle: 'Itinerary' } },
  memberLeaving: letGoerGo,
};
