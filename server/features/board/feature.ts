import type { ServerFeature } from '../feature';
import { widgetsRoutes } from './routes';
import { widgetRestorer } from './service';

export const boardFeature: ServerFeature = {
  name: 'board',
  register: (app, { db }) => app.register(widgetsRoutes, { db }),
  restorers: { 'widget.removed': { restorer: widgetRestorer, restored: 'widget.restored' } },
  // spec §4's five types are called `New <type> Widget`; these read better by their names.
  widgets: {
    flightSearch: { defaultTitle: 'Flight Search' },
    stays: { defaultTitle: 'Stays' },
  },
};
