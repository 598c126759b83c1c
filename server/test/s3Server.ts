import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3Server = {
  /** S3_* settings that point at it. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
};

/**
 * An S3-compatible server on 127.0.0.1 (s3rver, from the npm registry; MinIO and the like are
 * not installable here), with one empty bucket, its files in a folder of its own. It speaks the
 * REST calls Tripmates makes (PutObject, GetObject, DeleteObject) but does not check Signature
 * V4 signatures: the signing is held to AWS's worked example in storage.test.ts instead.
 */
export async function startS3Server(bucket = 'tripmates-photos'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's own account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
