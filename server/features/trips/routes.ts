import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import {
  createTripBody,
  trip,
  tripList,
  tripMemberList,
  tripParams,
  updateTripBody,
} from '../../../shared/contracts/trips';
import { currentAuth, requireUser } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { liveOrigin } from '../realtime/plugin';
import { requireTripMember, requireTripOwner, tripMemberIds } from './access';
import * as trips from './service';

const signedIn = { preHandler: requireUser };
const tags = ['trips'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const tripsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The trips I am on (a first visit gets its first trip)',
        response: { 200: tripList, 401: errorResponse },
      },
    },
    async (request) => trips.listTrips(db, currentAuth(request).user),
  );

  app.post(
    '/api/trips',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Plan a new trip, within the plan's active trips",
        body: createTripBody,
        response: { 201: trip, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await trips.createTrip(db, currentAuth(request).user, request.body)),
  );

  app.get(
    '/api/trips/:tripId',
    {
      ...signedIn,
      schema: { tags, summary: 'One trip', params: tripParams, response: { 200: trip, ...errors } },
    },
    async (request) => {
      const access = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      return trips.toTripDto(access.trip, access.role);
    },
  );

  app.get(
    '/api/trips/:tripId/members',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The trip's members, owner first",
        params: tripParams,
        response: { 200: tripMemberList, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const access = await requireTripMember(db, request.params.tripId, user.id);
      return trips.listMembers(db, access, user.id);
    },
  );

  app.patch(
    '/api/trips/:tripId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Rename the trip, or change its destination or dates (owner)',
        params: tripParams,
        body: updateTripBody,
        response: { 200: trip, ...errors },
      },
    },
    async (request) => {
      const access = await requireTripOwner(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      const saved = await trips.updateTrip(db, access, request.body);
      const change = { type: 'trip:saved' as const, trip: trips.liveSettingsOf(saved) };
      app.live.tripChanged(saved.id, change, liveOrigin(request), {
        memberIds: await tripMemberIds(db, saved.id),
      });
      return saved;
    },
  );

  app.delete(
    '/api/trips/:tripId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete the trip and everything on it (owner)',
        params: tripParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const access = await requireTripOwner(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      const memberIds = await trips.deleteTrip(db, access);
      app.live.tripDeleted(access.trip.id, liveOrigin(request), { memberIds });
      return { success: true as const };
    },
  );
};
