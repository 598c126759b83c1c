import { labelledBy, type ServerFeature } from '../feature';
import { flightsRoutes } from './routes';
import { clearTravellerOf, flightRestorer } from './service';
import { flights } from './tables';

export const flightsFeature: ServerFeature = {
  name: 'flights',
  register: (app, { db }) => app.register(flightsRoutes, { db }),
  restorers: { 'flight.deleted': { restorer: flightRestorer, restored: 'flight.restored' } },
  commentSubjects: { flight: labelledBy(flights, flights.flightNumber) },
  // Their flights on the trip become the whole group's.
  memberLeaving: clearTravellerOf,
};
