import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/errors';
import {
  WHITEBOARD_FILE_TYPES,
  WHITEBOARD_MAX_FILE_BYTES,
  WHITEBOARD_MESSAGES,
  WHITEBOARD_PICTURE_MAX_PX,
  whiteboardFile,
  whiteboardFileParams,
  whiteboardParams,
  whiteboardScene,
} from '../../../shared/contracts/whiteboard';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { sendImmutableFile } from '../../platform/immutableFile';
import { perUser } from '../../platform/rateLimit';
import type { PhotoFiles } from '../photos/service';
import { tripAccessOf, tripMember } from '../trips/access';
import * as pictures from './pictures';
import * as whiteboards from './service';

const tags = ['whiteboard'];

/**
 * Issue #22: a whiteboard's saved scene and its pictures, for the trip's members. Edits travel
 * on the live connection (livePiece.ts); pictures, being large, come and go over HTTP.
 */
export const whiteboardRoutes: FastifyPluginAsyncZod<{ db: Db; files: PhotoFiles }> = async (
  app,
  { db, files },
) => {
  const member = tripMember();
  const refOf = (params: { widgetId: string }, request: Parameters<typeof tripAccessOf>[0]) => ({
    tripId: tripAccessOf(request).trip.id,
    widgetId: params.widgetId,
  });

  // Pictures arrive as their own bytes (this plugin only), whatever type the sender names: the
  // service reads the type from the bytes.
  app.addContentTypeParser(
    [...WHITEBOARD_FILE_TYPES, 'image/svg+xml', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: WHITEBOARD_MAX_FILE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/trips/:tripId/whiteboards/:widgetId',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "A whiteboard's saved scene and the pictures on it",
        params: whiteboardParams,
        response: { 200: whiteboardScene },
      },
    },
    async (request) => whiteboards.loadScene(db, refOf(request.params, request)),
  );

  app.put(
    '/api/trips/:tripId/whiteboards/:widgetId/files/:fileId',
    {
      // A whiteboard's pictures: a pasted album is tens, not thousands.
      config: { access: member, ...perUser(60, 60_000) },
      // Said before the body is read: a picture too large for the limit is refused unread.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (length > WHITEBOARD_MAX_FILE_BYTES) {
          throw new HttpError('body_too_large', WHITEBOARD_MESSAGES.fileTooLarge);
        }
      },
      schema: {
        tags,
        summary: 'Store a picture pasted on the whiteboard (PNG, JPEG, GIF or WebP bytes)',
        description:
          'Stored in its type without any metadata, upright, at most ' +
          `${WHITEBOARD_PICTURE_MAX_PX} px on its longer side (a GIF: its first frame).`,
        params: whiteboardFileParams,
        response: {
          200: whiteboardFile,
          201: whiteboardFile,
          413: errorResponse.describe('Larger than the limit, or the whiteboard is full'),
          415: errorResponse.describe('Not a PNG, JPEG, GIF or WebP picture'),
          422: errorResponse.describe('A damaged picture, or more pixels than its type may have'),
          503: errorResponse.describe('Many pictures waiting to be made, or the storage down'),
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError('unsupported_media_type', WHITEBOARD_MESSAGES.fileType);
      }
      const { file, created } = await pictures.saveFile(
        db,
        files,
        refOf(request.params, request),
        currentAuth(request).user.id,
        request.params.fileId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(file);
    },
  );

  app.get(
    '/api/trips/:tripId/whiteboards/:widgetId/files/:fileId',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'A picture on the whiteboard',
        params: whiteboardFileParams,
      },
    },
    async (request, reply) => {
      const file = await pictures.readFile(
        db,
        files.storage,
        refOf(request.params, request),
        request.params.fileId,
      );
      return sendImmutableFile(reply, { ...file, contentType: file.mimeType });
    },
  );
};
