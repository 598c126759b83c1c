import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorOf, errorResponse } from '../../../shared/contracts/errors';
import {
  album,
  PHOTO_MESSAGES,
  photoFileParams,
  photoFileQuery,
  photoParams,
  tripPhoto,
  updatePhotoBody,
  uploadPhotoQuery,
} from '../../../shared/contracts/photos';
import { tripParams } from '../../../shared/contracts/trips';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { sendImmutableFile } from '../../platform/immutableFile';
import { perUser } from '../../platform/rateLimit';
import { changeContext } from '../live';
import { tripAccessOf, tripMember } from '../trips/access';
import * as photos from './service';

const tags = ['photos'];
const UPLOAD_TYPE = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

/** `attachment` with the name in both forms browsers read (RFC 6266): plain ASCII, and UTF-8. */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Issue #23: a trip's album. Every route is for the trip's members (anyone else: 404); a photo's
 * files are served by the API, never from a public folder.
 */
export const photosRoutes: FastifyPluginAsyncZod<{ db: Db; files: photos.PhotoFiles }> = async (
  app,
  { db, files },
) => {
  const member = tripMember();
  const actorOf = (request: Parameters<typeof tripAccessOf>[0]) => ({
    userId: currentAuth(request).user.id,
    role: tripAccessOf(request).role,
  });

  // A photo arrives as its own bytes and is handed on unread: the service streams it to a file.
  app.addContentTypeParser(UPLOAD_TYPE, (_request, payload, done) => done(null, payload));

  app.get(
    '/api/trips/:tripId/photos',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's album, newest first, with its limits",
        params: tripParams,
        response: { 200: album },
      },
    },
    async (request) => photos.listAlbum(db, files, tripAccessOf(request).trip.id),
  );

  app.post(
    '/api/trips/:tripId/photos',
    {
      // A holiday's worth at once is a few hundred; each waits its turn to be processed.
      config: { access: member, ...perUser(300, 60_000) },
      // After the access check, before the body is read (it is handed on unread): the right kind
      // of body, and not plainly too large.
      preValidation: async (request) => {
        const name = new URL(request.url, 'http://x').searchParams.get('name') ?? 'This file';
        if (!UPLOAD_TYPE.test(request.headers['content-type']?.split(';')[0]?.trim() ?? '')) {
          throw new HttpError('unsupported_media_type', PHOTO_MESSAGES.notAPhoto(name));
        }
        if (Number(request.headers['content-length']) > files.maxFileBytes) {
          throw new HttpError('body_too_large', PHOTO_MESSAGES.tooLarge(name, files.maxFileBytes));
        }
      },
      // An upload refused before its end: Node reads and drops the rest of a body of a photo's
      // size, so the connection stays usable and the browser surely gets the answer; a larger
      // one, or one of unknown size, is not read on: the connection closes after the answer.
      onSend: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (!request.raw.complete && !(declared <= files.maxFileBytes)) {
          reply.header('connection', 'close');
        }
      },
      schema: {
        tags,
        summary: 'Add a photo (the body is the file: JPEG, PNG, WebP or AVIF bytes)',
        description:
          'Streams the file, makes its thumbnail, medium and full-size variants (upright, with ' +
          'all metadata removed) and answers 201 with the photo; `keepOriginal=true` also keeps ' +
          'the file as sent.',
        params: tripParams,
        querystring: uploadPhotoQuery,
        response: {
          201: tripPhoto,
          403: errorResponse.describe('The album holds as many photos as it can'),
          413: errorResponse.describe('The file, or the album, is too large'),
          409: errorOf('id_taken'),
          415: errorResponse.describe('Not a JPEG, PNG, WebP or AVIF picture'),
          422: errorResponse.describe(
            'A picture that cannot be read (damaged, or HEIC), or has more pixels than its type may',
          ),
          503: errorResponse.describe('Many photos waiting to be made, or the storage down'),
        },
      },
    },
    async (request, reply) => {
      const length = request.headers['content-length'];
      const photo = await photos.createPhoto(changeContext(request), files, {
        tripId: tripAccessOf(request).trip.id,
        userId: currentAuth(request).user.id,
        id: request.query.id,
        name: request.query.name,
        caption: request.query.caption ?? null,
        keepOriginal: request.query.keepOriginal,
        body: (request.body as NodeJS.ReadableStream | undefined) ?? request.raw,
        declaredBytes: length === undefined ? null : Number(length),
      });
      return reply.code(201).send(photo);
    },
  );

  app.patch(
    '/api/trips/:tripId/photos/:photoId',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "Change a photo's caption (who added it, or the trip's owner)",
        params: photoParams,
        body: updatePhotoBody,
        response: { 200: tripPhoto },
      },
    },
    async (request) =>
      photos.updateCaption(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.photoId,
        actorOf(request),
        request.body.caption,
      ),
  );

  app.delete(
    '/api/trips/:tripId/photos/:photoId',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "Delete a photo and its files (who added it, or the trip's owner)",
        params: photoParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await photos.deletePhoto(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.photoId,
        actorOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/trips/:tripId/photos/:photoId/:variant',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'A photo: thumbnail, medium, full (or original, when kept)',
        params: photoFileParams,
        querystring: photoFileQuery,
      },
    },
    async (request, reply) => {
      const { file, contentType, downloadName } = await photos.openPhotoFile(
        db,
        files,
        tripAccessOf(request).trip.id,
        request.params.photoId,
        request.params.variant,
      );
      if (request.query.download) reply.header('content-disposition', attachment(downloadName));
      return sendImmutableFile(reply, { ...file, contentType });
    },
  );
};
