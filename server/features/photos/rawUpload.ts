import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors';

/**
 * A picture sent as its own bytes (an album's photo, a profile picture): the body is handed on
 * unread and streamed to a file by receiveUpload.ts, never held in memory whole.
 */

/** What a picture may be sent as: the server reads its real type from its bytes. */
const UPLOAD_TYPE = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

/** In the plugin that calls it (its routes only): such a body reaches the route as a stream. */
export function acceptRawUploads(app: FastifyInstance) {
  app.addContentTypeParser(UPLOAD_TYPE, (_request, payload, done) => done(null, payload));
}

/** The upload's stream, as the route hands it to receiveUpload. */
export function uploadBody(request: FastifyRequest): NodeJS.ReadableStream {
  return (request.body as NodeJS.ReadableStream | undefined) ?? request.raw;
}

/**
 * The hooks of a route that takes an upload of at most `maxBytes`, with what it says to a body of
 * the wrong kind (415) or plainly too large (413).
 */
export function rawUploadHooks(options: {
  maxBytes: number;
  notAPicture: (request: FastifyRequest) => string;
  tooLarge: (request: FastifyRequest) => string;
}) {
  const { maxBytes } = options;
  return {
    // After the access check, before the body is read (it is handed on unread): the right kind
    // of body, and not plainly too large.
    preValidation: async (request: FastifyRequest) => {
      if (!UPLOAD_TYPE.test(request.headers['content-type']?.split(';')[0]?.trim() ?? '')) {
        throw new HttpError('unsupported_media_type', options.notAPicture(request));
      }
      if (Number(request.headers['content-length']) > maxBytes) {
        throw new HttpError('body_too_large', options.tooLarge(request));
      }
    },
    // An upload refused before its end: Node reads and drops the rest of a body within the limit,
    // so the connection stays usable and the browser surely gets the answer; a larger one, or one
    // of unknown size, is not read on: the connection closes after the answer.
    onSend: async (request: FastifyRequest, reply: FastifyReply) => {
      const declared = Number(request.headers['content-length']);
      if (!request.raw.complete && !(declared <= maxBytes)) reply.header('connection', 'close');
    },
  };
}
