import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFlightBody,
  FLIGHT_MESSAGES,
  flight,
  flightList,
  flightParams,
  updateFlightBody,
} from '../../../shared/contracts/flights';
import type { Db } from '../../platform/db/client';
import { registerTripItemRoutes } from '../trips/itemRoutes';
import * as flights from './service';
import { flights as flightsTable } from './tables';

/** spec §7 flight calls: any member of the trip may add, change and delete its flights. */
export const flightsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerTripItemRoutes(app, db, {
    name: 'flights',
    tag: 'flights',
    table: flightsTable,
    notFound: FLIGHT_MESSAGES.notFound,
    schemas: {
      item: flight,
      list: flightList,
      create: createFlightBody,
      update: updateFlightBody,
      params: flightParams,
    },
    docs: {
      list: { summary: "The trip's flights, in the order they depart" },
      create: {
        summary: 'Add a flight to the trip',
        description:
          'Times are ISO 8601 with an offset, kept as given; the duration is derived from them.',
      },
      update: { summary: 'Change a flight (any member of its trip)' },
      remove: { summary: 'Delete a flight (any member of its trip)' },
    },
    service: {
      list: flights.listFlights,
      create: flights.createFlight,
      update: flights.updateFlight,
      remove: flights.deleteFlight,
    },
  });
};
