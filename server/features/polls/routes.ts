import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import {
  createPollBody,
  POLL_MESSAGES,
  poll,
  pollList,
  pollParams,
  updatePollBody,
  votePollBody,
} from '../../../shared/contracts/polls';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { changeContext } from '../live';
import { actorOf, itemOf, tripMember } from '../trips/access';
import * as polls from './service';
import { polls as pollsTable } from './tables';

const tags = ['polls'];

/**
 * Issue #21 polls: any member asks and votes; who asked, or the owner, closes or deletes. Each
 * answer is the poll as the caller sees it (their own choices in `myVotes`).
 */
export const pollsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const member = tripMember();
  const pollMember = tripMember(itemOf(pollsTable, POLL_MESSAGES.notFound));

  app.get(
    '/api/trips/:tripId/polls',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's polls, newest first",
        params: tripParams,
        response: { 200: pollList },
      },
    },
    async (request) => {
      const { tripId, actor } = actorOf(request);
      return polls.listPolls(db, tripId, actor.userId);
    },
  );

  app.post(
    '/api/trips/:tripId/polls',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Ask the trip a question',
        description:
          'Answers 201 with the poll. 2 to 10 different options; one choice each unless ' +
          '`multiple`; names shown unless `hideVoters`; `closesAt`, if given, in the future.',
        params: tripParams,
        body: createPollBody,
        response: { 201: poll, 409: errorOf('id_taken') },
      },
    },
    async (request, reply) => {
      const { tripId, actor } = actorOf(request);
      reply.code(201);
      return polls.createPoll(changeContext(request), tripId, actor.userId, request.body);
    },
  );

  app.put(
    '/api/polls/:id/vote',
    {
      config: { access: pollMember },
      schema: {
        tags,
        summary: 'Vote: the caller’s choices, replacing any before (none takes the vote back)',
        description: 'A closed poll answers 409 `closed`.',
        params: pollParams,
        body: votePollBody,
        response: { 200: poll },
      },
    },
    async (request) => {
      const { tripId, actor } = actorOf(request);
      return polls.votePoll(
        changeContext(request),
        tripId,
        actor.userId,
        request.params.id,
        request.body,
      );
    },
  );

  app.patch(
    '/api/polls/:id',
    {
      config: { access: pollMember },
      schema: {
        tags,
        summary: 'Close the poll, or open it again (who asked, or the trip’s owner)',
        params: pollParams,
        body: updatePollBody,
        response: { 200: poll },
      },
    },
    async (request) => {
      const { tripId, actor } = actorOf(request);
      const { closed } = request.body;
      return polls.setPollClosed(changeContext(request), tripId, actor, request.params.id, closed);
    },
  );

  app.delete(
    '/api/polls/:id',
    {
      config: { access: pollMember },
      schema: {
        tags,
        summary: 'Delete the poll (who asked, or the trip’s owner)',
        params: pollParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { tripId, actor } = actorOf(request);
      await polls.deletePoll(changeContext(request), tripId, actor, request.params.id);
      return { success: true as const };
    },
  );
};
