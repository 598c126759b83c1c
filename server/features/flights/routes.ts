import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import {
  createFlightBody,
  FLIGHT_MESSAGES,
  flight,
  flightList,
  flightParams,
  updateFlightBody,
} from '../../../shared/contracts/flights';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { flights as flightsTable } from '../../platform/db/schema';
import { changeContext } from '../realtime';
import { itemOf, tripAccessOf, tripMember } from '../trips/access';
import * as flights from './service';

const tags = ['flights'];
// A flight of a trip the caller is not on answers like a missing one.
const member = tripMember();
const flightMember = tripMember(itemOf(flightsTable, FLIGHT_MESSAGES.notFound));

export const flightsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/flights',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's flights, in the order they depart",
        params: tripParams,
        response: { 200: flightList },
      },
    },
    async (request) => flights.listFlights(db, tripAccessOf(request).trip.id),
  );

  app.post(
    '/api/trips/:tripId/flights',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Add a flight to the trip',
        description:
          'Times are ISO 8601 with an offset, kept as given; the duration is derived from them.',
        params: tripParams,
        body: createFlightBody,
        response: { 201: flight },
      },
    },
    async (request, reply) => {
      const { trip } = tripAccessOf(request);
      const added = await flights.createFlight(changeContext(request), trip.id, request.body);
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/flights/:id',
    {
      config: { access: flightMember },
      schema: {
        tags,
        summary: 'Change a flight (any member of its trip)',
        params: flightParams,
        body: updateFlightBody,
        response: { 200: flight },
      },
    },
    async (request) =>
      flights.updateFlight(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/flights/:id',
    {
      config: { access: flightMember },
      schema: {
        tags,
        summary: 'Delete a flight (any member of its trip)',
        params: flightParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { trip } = tripAccessOf(request);
      await flights.deleteFlight(changeContext(request), trip.id, request.params.id);
      return { success: true as const };
    },
  );
};
