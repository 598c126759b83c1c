import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import {
  COMMENT_MESSAGES,
  comment,
  commentCounts,
  commentList,
  commentParams,
  commentSubject,
  createCommentBody,
  updateCommentBody,
} from '../../../shared/contracts/comments';
import { errorOf } from '../../../shared/contracts/errors';
import { tripParams } from '../../../shared/contracts/trips';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { changeContext } from '../live';
import { itemOf, tripAccessOf, tripMember } from '../trips/access';
import * as service from './service';
import { comments as commentsTable } from './tables';

const tags = ['comments'];

function who(request: FastifyRequest) {
  return { tripId: tripAccessOf(request).trip.id, userId: currentAuth(request).user.id };
}

/** Issue #24: any member comments on the trip's items; each edits and deletes their own. */
export const commentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const member = tripMember();
  const commentMember = tripMember(itemOf(commentsTable, COMMENT_MESSAGES.notFound));

  app.get(
    '/api/trips/:tripId/comments',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "An item's comments, oldest first",
        params: tripParams,
        querystring: commentSubject,
        response: { 200: commentList },
      },
    },
    async (request) => service.listComments(db, who(request).tripId, request.query),
  );

  app.get(
    '/api/trips/:tripId/comments/counts',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'How many comments each item of the trip has, keyed `<type>:<id>`',
        params: tripParams,
        response: { 200: commentCounts },
      },
    },
    async (request) => service.countComments(db, who(request).tripId),
  );

  app.post(
    '/api/trips/:tripId/comments',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Comment on an item of the trip (shared/contracts/comments.ts lists the kinds)',
        description:
          '`mentions` are the user ids of members the text mentions (400 `not_a_member` for ' +
          'anyone else); 404 when the item is not on the trip.',
        params: tripParams,
        body: createCommentBody,
        response: { 201: comment, 409: errorOf('id_taken') },
      },
    },
    async (request, reply) => {
      const { tripId, userId } = who(request);
      reply.code(201);
      return service.createComment(changeContext(request), tripId, userId, request.body);
    },
  );

  app.patch(
    '/api/comments/:id',
    {
      config: { access: commentMember },
      schema: {
        tags,
        summary: 'Edit one’s own comment',
        params: commentParams,
        body: updateCommentBody,
        response: { 200: comment },
      },
    },
    async (request) => {
      const { tripId, userId } = who(request);
      return service.updateComment(
        changeContext(request),
        tripId,
        userId,
        request.params.id,
        request.body,
      );
    },
  );

  app.delete(
    '/api/comments/:id',
    {
      config: { access: commentMember },
      schema: {
        tags,
        summary: 'Delete one’s own comment',
        params: commentParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { tripId, userId } = who(request);
      await service.deleteComment(changeContext(request), tripId, userId, request.params.id);
      return { success: true as const };
    },
  );
};
