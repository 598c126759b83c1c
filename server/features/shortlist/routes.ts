import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import {
  chooseShortlistBody,
  createShortlistOptionBody,
  SHORTLIST_MESSAGES,
  shortlist,
  shortlistOption,
  shortlistParams,
  shortlistVoteBody,
} from '../../../shared/contracts/shortlist';
import { tripParams } from '../../../shared/contracts/trips';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { perUser } from '../../platform/rateLimit';
import { changeContext } from '../live';
import { actorOf, itemOf, tripAccessOf, tripMember } from '../trips/access';
import * as options from './service';
import { shortlistOptions } from './tables';

const tags = ['shortlist'];

// Each pasted link is a fetch of someone else's page: a member's bursts are bounded.
const addsPerMinute = perUser(30, 60_000);

/**
 * Issue #21: the trip's shortlist. Any member adds and votes; the owner marks an option chosen;
 * who added it, or the owner, removes it.
 */
export const shortlistRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const member = tripMember();
  const optionMember = tripMember(itemOf(shortlistOptions, SHORTLIST_MESSAGES.notFound));
  const preview = config.search.linkPreview;

  app.get(
    '/api/trips/:tripId/shortlist',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's shortlist, oldest first, with everyone's votes",
        params: tripParams,
        response: { 200: shortlist },
      },
    },
    async (request) => options.listShortlist(db, tripAccessOf(request).trip.id),
  );

  app.post(
    '/api/trips/:tripId/shortlist',
    {
      config: { access: member, ...addsPerMinute },
      schema: {
        tags,
        summary: 'Add an option: an offer or a partner of the trip’s searches, or a pasted link',
        description:
          'A link is read for its public preview (title, picture, price where the page states ' +
          'one): a private or local address answers 400 `link_refused`, a page that cannot be ' +
          'read 502 `link_unreadable`. The same option twice is 409 `already_shortlisted`.',
        params: tripParams,
        body: createShortlistOptionBody,
        response: { 201: shortlistOption, 409: errorOf('already_shortlisted', 'id_taken') },
      },
    },
    async (request, reply) => {
      const { tripId, actor } = actorOf(request);
      const added = await options.createShortlistOption(
        changeContext(request),
        tripId,
        actor.userId,
        request.body,
        preview,
      );
      reply.code(201);
      return added;
    },
  );

  app.put(
    '/api/shortlist/:id/vote',
    {
      config: { access: optionMember },
      schema: {
        tags,
        summary: 'Vote yes or no on an option (null takes the vote back)',
        params: shortlistParams,
        body: shortlistVoteBody,
        response: { 200: shortlistOption },
      },
    },
    async (request) => {
      const { tripId, actor } = actorOf(request);
      return options.voteOnOption(
        changeContext(request),
        tripId,
        actor.userId,
        request.params.id,
        request.body.vote,
      );
    },
  );

  app.patch(
    '/api/shortlist/:id',
    {
      config: { access: optionMember },
      schema: {
        tags,
        summary: 'Mark an option chosen, or not (the owner; anyone when the trip allows it)',
        description:
          'A chosen priced flight is added to Flight Details, a leg a record, for each of ' +
          '`travellerIds` or for the whole group.',
        params: shortlistParams,
        body: chooseShortlistBody,
        response: { 200: shortlistOption },
      },
    },
    async (request) => {
      const { trip, actor } = actorOf(request);
      return options.chooseOption(
        changeContext(request),
        trip.id,
        { ...actor, anyoneChooses: trip.anyoneChooses },
        request.params.id,
        request.body,
      );
    },
  );

  app.delete(
    '/api/shortlist/:id',
    {
      config: { access: optionMember },
      schema: {
        tags,
        summary: 'Take an option off the shortlist (who added it, or the owner)',
        params: shortlistParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { tripId, actor } = actorOf(request);
      await options.removeOption(changeContext(request), tripId, actor, request.params.id);
      return { success: true as const };
    },
  );
};
