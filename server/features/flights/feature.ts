import { labelledBy, type ServerFeature } from '../feature';
import { airportRoutes } from './airportRoutes';
import { flightsRoutes } from './routes';
import { clearTravellerOf, flightRestorer } from './service';
import { flights } from './tables';

export const flightsFeature: ServerFeature = {
  name: 'flights',
  register: async (app, { db }) => {
    await app.register(flightsRoutes, { db });
    await app.register(airportRoutes);
  },
  restorers: { 'flight.deleted': { restorer: flightRestorer, restored: 'flight.restored' } },
  commentSubjects: { flight: labelledBy(flights, flights.flightNumber) },
  // Their flights on the trip become the whole group's.
  memberLeaving: clearTravellerOf,
};
