import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUser,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_PX,
  PROFILE_PICTURE_TYPE,
  profilePictureParams,
  profilePictureQuery,
} from '../../../shared/contracts/account';
import { errorResponse } from '../../../shared/contracts/errors';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { sendImmutableFile } from '../../platform/immutableFile';
import { perUser } from '../../platform/rateLimit';
import { changeContext } from '../live';
import type { PhotoFiles } from '../photos';
import { acceptRawUploads, rawUploadHooks, uploadBody } from '../photos/rawUpload';
import { openProfilePicture, removeProfilePicture, setProfilePicture } from './profilePicture';
import { toCurrentUser } from './serializers';

const tags = ['accounts'];

/**
 * Issue #38 item 9: the profile picture, uploaded as its own bytes (as an album's photo is) and
 * served by the app. Its own plugin: the raw-upload body parser is for these routes only.
 *
 * Who may see a picture: anyone signed in who has its address. The address names a random
 * version beside the user's id, and is handed out only where the person is shown (to themselves,
 * and on their trips: members, presence, comments, chat, history), so knowing someone's id is
 * not enough. A check that the viewer shares a trip now would break the picture where a trip's
 * history or an old message shows someone who has since left, and cost a query per avatar.
 */
export const pictureRoutes: FastifyPluginAsyncZod<{
  db: Db;
  files: Pick<PhotoFiles, 'storage' | 'workDir'>;
}> = async (app, { db, files }) => {
  acceptRawUploads(app);

  app.put(
    '/api/user/picture',
    {
      config: { access: 'user', ...perUser(20, 60_000) },
      ...rawUploadHooks({
        maxBytes: PROFILE_PICTURE_MAX_BYTES,
        notAPicture: () => PROFILE_PICTURE_MESSAGES.notAPicture,
        tooLarge: () => PROFILE_PICTURE_MESSAGES.tooLarge,
      }),
      schema: {
        tags,
        summary: 'Upload a profile picture (the body is the file: JPEG, PNG, WebP, AVIF or GIF)',
        description:
          `Kept as the largest square in its middle, at most ${PROFILE_PICTURE_PX} px a side, ` +
          'upright, as WebP, with all metadata removed (no EXIF, no GPS). The answer is the user, ' +
          'whose `profileImageUrl` is the new address; the picture it replaces is deleted.',
        response: {
          200: currentUser,
          413: errorResponse.describe('Larger than the limit'),
          415: errorResponse.describe('Not a picture (JPEG, PNG, WebP, AVIF or GIF) by its bytes'),
          422: errorResponse.describe('A damaged picture, or more pixels than its type may have'),
          503: errorResponse.describe('Many pictures waiting to be made, or the storage down'),
        },
      },
    },
    async (request) => {
      const length = request.headers['content-length'];
      const user = await setProfilePicture(
        changeContext(request),
        files,
        currentAuth(request).user,
        {
          body: uploadBody(request),
          declaredBytes: length === undefined ? null : Number(length),
        },
      );
      return toCurrentUser(user);
    },
  );

  app.delete(
    '/api/user/picture',
    {
      config: { access: 'user', ...perUser(20, 60_000) },
      schema: {
        tags,
        summary: 'Remove the profile picture (and its stored file)',
        response: { 200: currentUser },
      },
    },
    async (request) =>
      toCurrentUser(await removeProfilePicture(changeContext(request), currentAuth(request).user)),
  );

  app.get(
    '/api/users/:id/picture',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A person's profile picture, at the address their profile gives",
        description:
          `A ${PROFILE_PICTURE_TYPE} square. Only the current version (\`v\`) is found; each ` +
          'version never changes, so browsers keep it for a year.',
        params: profilePictureParams,
        querystring: profilePictureQuery,
      },
    },
    async (request, reply) => {
      const file = await openProfilePicture(db, files.storage, request.params.id, request.query.v);
      return sendImmutableFile(reply, { ...file, contentType: PROFILE_PICTURE_TYPE });
    },
  );
};
