import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tripChangesSince, tripChangesSinceQuery } from '../../../shared/contracts/live';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { tripAccessOf, tripMember } from '../trips/access';
import { changesSince } from './changeLog';

/** What a tab that was away, or missed a change, asks for (issue #37). */
export const changesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/changes',
    {
      config: { access: tripMember() },
      schema: {
        tags: ['live'],
        summary: "The trip's changes after the one numbered `since`, oldest first",
        description:
          'What the live connection sent meanwhile, for a tab that was away or saw a number ' +
          'skipped. `changes` is null when they are not all kept any more: fetch anew.',
        params: tripParams,
        querystring: tripChangesSinceQuery,
        response: { 200: tripChangesSince },
      },
    },
    async (request) => changesSince(db, tripAccessOf(request).trip.id, request.query.since),
  );
};
