import fs from 'node:fs';
import { Transform } from 'node:stream';
import { PICTURE_SNIFF_BYTES } from '../../platform/pictureType';

/** The upload went past `limit` bytes: the rest is not read. */
export class UploadTooLarge extends Error {
  override name = 'UploadTooLarge';
}

/** The sender stopped before the end (a cancelled upload, a lost connection). */
export class UploadInterrupted extends Error {
  override name = 'UploadInterrupted';
}

/**
 * Streams an upload to the file `to`, never holding more than a chunk of it in memory, and stops
 * as soon as it passes `limit` bytes (whatever its Content-Length said). Resolves with its size
 * and its first bytes, which tell its type. On a refusal the request is left as it is, not
 * destroyed, so the answer still reaches the sender (the route then closes the connection).
 */
export async function receiveUpload(
  body: NodeJS.ReadableStream,
  to: string,
  limit: number,
): Promise<{ bytes: number; head: Buffer }> {
  let bytes = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) return done(new UploadTooLarge(`over ${limit} bytes`));
      if (head.length < PICTURE_SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, PICTURE_SNIFF_BYTES - head.length)]);
      }
      done(null, chunk);
    },
  });
  const file = fs.createWriteStream(to);
  try {
    await new Promise<void>((resolve, reject) => {
      let ended = false;
      const fail = (error: Error) => {
        body.unpipe(counter);
        counter.destroy();
        file.destroy();
        reject(error);
      };
      body.on('end', () => {
        ended = true;
      });
      body.on('error', () => fail(new UploadInterrupted('the upload stopped')));
      body.on('close', () => {
        if (!ended) fail(new UploadInterrupted('the upload stopped'));
      });
      counter.on('error', fail);
      file.on('error', fail);
      file.on('finish', resolve);
      body.pipe(counter).pipe(file);
    });
  } catch (error) {
    await fs.promises.rm(to, { force: true });
    throw error;
  }
  return { bytes, head };
}
