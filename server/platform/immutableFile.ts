import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a member's file that never changes under its address (a photo's variant, a whiteboard's
 * picture): kept by the browser only (`private`: no shared cache), for a year, typed as stored and
 * never sniffed as anything else.
 */
export function sendImmutableFile(
  reply: FastifyReply,
  file: { contentType: string; body: Buffer | Readable; bytes: number | null },
) {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff');
  if (file.bytes !== null) reply.header('content-length', file.bytes);
  return reply.send(file.body);
}
