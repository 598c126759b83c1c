import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityEntryParams,
  activityList,
  activityQuery,
  restoreAnswer,
} from '../../../shared/contracts/activity';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { pageHeaders } from '../../platform/db/keyset';
import { changeContext } from '../live';
import { tripAccessOf, tripMember } from '../trips/access';
import { listActivity, restoreFromEntry } from './service';

const tags = ['activity'];

/** Issue #24: the trip's history, for every member; any member restores what was deleted. */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const member = tripMember();

  app.get(
    '/api/trips/:tripId/activity',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's history, newest first, as far back as the owner's plan keeps",
        description:
          'A page at a time: X-Next-Cursor, sent back as `before`, reads the next (older) ' +
          'page; X-Total-Count counts the entries kept.',
        params: tripParams,
        querystring: activityQuery,
        response: { 200: activityList },
      },
    },
    async (request, reply) => {
      const page = await listActivity(db, tripAccessOf(request).trip.id, request.query);
      reply.headers(pageHeaders(page));
      return page.entries;
    },
  );

  app.post(
    '/api/trips/:tripId/activity/:entryId/restore',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Bring back the to-do, flight or widget whose deletion the entry records',
        description:
          'As it was, under its own id. 409 `not_restorable` for an entry that is no such ' +
          'deletion or was restored already; 403 `item_limit` when the trip has no room for it.',
        params: activityEntryParams,
        response: { 200: restoreAnswer },
      },
    },
    async (request) => ({
      entry: await restoreFromEntry(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.entryId,
      ),
    }),
  );
};
