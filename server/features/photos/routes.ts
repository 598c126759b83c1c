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
import { sendImmutableFile } from '../../platform/immutableFile';
import { perUser } from '../../platform/rateLimit';
import { changeContext } from '../live';
import { tripAccessOf, tripMember } from '../trips/access';
import { acceptRawUploads, rawUploadHooks, uploadBody } from './rawUpload';
import * as photos from './service';

const tags = ['photos'];

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
  acceptRawUploads(app);
  const nameOf = (request: { url: string }) =>
    new URL(request.url, 'http://x').searchParams.get('name') ?? 'This file';

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
      ...rawUploadHooks({
        maxBytes: files.maxFileBytes,
        notAPicture: (request) => PHOTO_MESSAGES.notAPhoto(nameOf(request)),
        tooLarge: (request) => PHOTO_MESSAGES.tooLarge(nameOf(request), files.maxFileBytes),
      }),
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
        body: uploadBody(request),
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
