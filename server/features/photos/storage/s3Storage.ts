import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { PhotoStorageConfig } from '../../../platform/config';
import { assertStorageKey, type PhotoStorage, StorageError } from './types';

type S3Config = Extract<PhotoStorageConfig, { kind: 's3' }>;

// A photo's variants are megabytes at most; a minute is time enough on a slow link.
const PUT_TIMEOUT_MS = 60_000;
const READ_TIMEOUT_MS = 15_000;

/** The address of `key` in the bucket: path-style, or on the bucket's own host name. */
export function s3ObjectUrl(
  config: Pick<S3Config, 'endpoint' | 'bucket' | 'pathStyle'>,
  key: string,
): string {
  assertStorageKey(key);
  if (config.pathStyle) return `${config.endpoint}/${config.bucket}/${key}`;
  const endpoint = new URL(config.endpoint);
  const base = endpoint.pathname.replace(/\/$/, '');
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${base}/${key}`;
}

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…), for instances on several
 * machines. Three calls, signed with AWS Signature V4 by aws4fetch: PutObject, GetObject and
 * DeleteObject. The secret key signs requests and goes nowhere else.
 */
export function s3Storage(config: S3Config): PhotoStorage {
  const credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  };
  // A streamed upload cannot be sent twice: it is never retried here (the upload fails and the
  // person tries again). Reads and deletes are retried by aws4fetch on 5xx and network errors.
  const uploader = new AwsClient({ ...credentials, retries: 0 });
  const client = new AwsClient({ ...credentials, retries: 2, initRetryMs: 100 });
  const urlOf = (key: string) => s3ObjectUrl(config, key);

  async function refused(response: Response, what: string): Promise<never> {
    // S3 explains in XML (<Code>AccessDenied</Code>); the code is enough for the log.
    const body = await response.text().catch(() => '');
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? 'no code';
    throw new StorageError(`S3 ${what} answered ${response.status} (${code})`);
  }

  // The time limit covers the answer's headers, not its body: a photo may stream slowly to a
  // phone long after S3 has answered.
  const reach = async (
    what: string,
    ms: number,
    call: (signal: AbortSignal) => Promise<Response>,
  ) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer in ${ms} ms`)), ms);
    try {
      return await call(controller.signal);
    } catch (error) {
      throw new StorageError(`S3 ${what} could not be reached: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    kind: 's3',
    async put(key, from, contentType) {
      const { size } = await fs.promises.stat(from);
      const response = await reach('PutObject', PUT_TIMEOUT_MS, (signal) =>
        uploader.fetch(urlOf(key), {
          method: 'PUT',
          body: Readable.toWeb(fs.createReadStream(from)) as ReadableStream,
          // @ts-expect-error: Node's fetch needs `duplex` to send a stream; the DOM type lacks it.
          duplex: 'half',
          headers: {
            'content-type': contentType,
            // S3 wants the length up front (no chunked uploads), and the bytes unhashed: the
            // signature covers the headers, TLS covers the bytes.
            'content-length': String(size),
            'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
          },
          signal,
        }),
      );
      if (!response.ok) await refused(response, 'PutObject');
      await response.body?.cancel();
    },
    async get(key) {
      const response = await reach('GetObject', READ_TIMEOUT_MS, (signal) =>
        client.fetch(urlOf(key), { signal }),
      );
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return refused(response, 'GetObject');
      const length = response.headers.get('content-length');
      return {
        body: Readable.fromWeb(response.body as WebReadableStream),
        bytes: length === null ? null : Number(length),
      };
    },
    async delete(key) {
      const response = await reach('DeleteObject', READ_TIMEOUT_MS, (signal) =>
        client.fetch(urlOf(key), { method: 'DELETE', signal }),
      );
      // S3 answers 204 whether or not the key held anything; some servers say 404.
      if (!response.ok && response.status !== 404) await refused(response, 'DeleteObject');
      await response.body?.cancel();
    },
  };
}
