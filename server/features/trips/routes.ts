import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/errors';
import {
  createTripBody,
  trip,
  tripList,
  tripMemberList,
  tripParams,
  updateTripBody,
} from '../../../shared/contracts/trips';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { changeContext } from '../live';
import { ownerPlanOf, tripAccessOf, tripMember, tripOwner } from './access';
import * as trips from './service';
import { destinationZoneFor, NO_ZONE, type ZoneFinder } from './tripZone';

const tags = ['trips'];

export const tripsRoutes: FastifyPluginAsyncZod<{ db: Db; findZone: ZoneFinder }> = async (
  app,
  { db, findZone },
) => {
  app.get(
    '/api/trips',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The trips I am on',
        response: { 200: tripList },
      },
    },
    async (request) => trips.listTrips(db, currentAuth(request).user),
  );

  app.post(
    '/api/trips',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Plan a new trip, within the plan's active trips",
        body: createTripBody,
        response: { 201: trip, 403: errorResponse.describe("Over the plan's active trips") },
      },
    },
    async (request, reply) => {
      const zone = await destinationZoneFor(findZone, NO_ZONE, request.body);
      const user = currentAuth(request).user;
      return reply.code(201).send(await trips.createTrip(db, user, request.body, undefined, zone));
    },
  );

  app.get(
    '/api/trips/:tripId',
    {
      config: { access: tripMember() },
      schema: { tags, summary: 'One trip', params: tripParams, response: { 200: trip } },
    },
    async (request) => {
      const access = tripAccessOf(request);
      return trips.toTrip(access.trip, access.role, await ownerPlanOf(db, access.trip.id));
    },
  );

  app.get(
    '/api/trips/:tripId/members',
    {
      config: { access: tripMember() },
      schema: {
        tags,
        summary: "The trip's members, owner first",
        params: tripParams,
        response: { 200: tripMemberList },
      },
    },
    async (request) => trips.listMembers(db, tripAccessOf(request), currentAuth(request).user.id),
  );

  app.patch(
    '/api/trips/:tripId',
    {
      config: { access: tripOwner() },
      schema: {
        tags,
        summary: 'Rename the trip, or change its destination, dates or time zone (owner)',
        params: tripParams,
        body: updateTripBody,
        response: { 200: trip },
      },
    },
    async (request) => {
      const access = tripAccessOf(request);
      const zone = await destinationZoneFor(findZone, access.trip, request.body);
      return trips.updateTrip(changeContext(request), access, request.body, zone);
    },
  );

  app.delete(
    '/api/trips/:tripId',
    {
      config: { access: tripOwner() },
      schema: {
        tags,
        summary: 'Delete the trip and everything on it (owner)',
        params: tripParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await trips.deleteTrip(changeContext(request), tripAccessOf(request));
      return { success: true as const };
    },
  );
};
