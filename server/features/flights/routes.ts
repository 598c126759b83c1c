import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import {
  createFlightBody,
  flight,
  flightList,
  flightParams,
  updateFlightBody,
} from '../../../shared/contracts/flights';
import { tripParams } from '../../../shared/contracts/trips';
import { currentAuth, requireUser } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { liveOrigin } from '../realtime/plugin';
import { requireTripMember } from '../trips/access';
import * as flights from './service';

const signedIn = { preHandler: requireUser };
const tags = ['flights'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export const flightsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/flights',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The trip's flights, in the order they depart",
        params: tripParams,
        response: { 200: flightList, ...errors },
      },
    },
    async (request) => {
      const { trip } = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      return flights.listFlights(db, trip.id);
    },
  );

  app.post(
    '/api/trips/:tripId/flights',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Add a flight to the trip',
        description:
          'Times are ISO 8601 with an offset, kept as given; the duration is derived from them.',
        params: tripParams,
        body: createFlightBody,
        response: { 201: flight, ...errors },
      },
    },
    async (request, reply) => {
      const { trip } = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      const added = await flights.createFlight(db, trip.id, request.body);
      app.live.tripChanged(trip.id, { type: 'flight:saved', flight: added }, liveOrigin(request));
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/flights/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change a flight (any member of its trip)',
        params: flightParams,
        body: updateFlightBody,
        response: { 200: flight, ...errors },
      },
    },
    async (request) => {
      const row = await flights.requireFlight(db, request.params.id, currentAuth(request).user.id);
      const saved = await flights.updateFlight(db, row, request.body);
      app.live.tripChanged(
        row.tripId,
        { type: 'flight:saved', flight: saved },
        liveOrigin(request),
      );
      return saved;
    },
  );

  app.delete(
    '/api/flights/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete a flight (any member of its trip)',
        params: flightParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const row = await flights.requireFlight(db, request.params.id, currentAuth(request).user.id);
      await flights.deleteFlight(db, row);
      app.live.tripChanged(
        row.tripId,
        { type: 'flight:removed', flightId: row.id },
        liveOrigin(request),
      );
      return { success: true as const };
    },
  );
};
