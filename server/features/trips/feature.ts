import type { ServerFeature } from '../feature';
import { placeTimeZones } from '../weather/placeZone';
import { tripsRoutes } from './routes';

export const tripsFeature: ServerFeature = {
  name: 'trips',
  // A trip takes its destination's zone from the geocoder the weather widget uses (issue #37).
  register: (app, { db, config, log }) =>
    app.register(tripsRoutes, { db, findZone: placeTimeZones(config.weather, log) }),
};
