import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3Server';
import { diskStorage } from './diskStorage';
import { s3ObjectUrl, s3Storage } from './s3Storage';
import { type PhotoStorage, StorageError } from './types';

let s3: TestS3Server;
let work: string;
let photo: string;
const PHOTO_BYTES = 5 * 1024 * 1024 + 123;

beforeAll(async () => {
  s3 = await startS3Server();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-storage-'));
  photo = path.join(work, 'photo.jpg');
  const bytes = Buffer.alloc(PHOTO_BYTES);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 256;
  fs.writeFileSync(photo, bytes);
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const s3Config = () => ({
  kind: 's3' as const,
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  pathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});

// The same promises from both: what the photo feature relies on, whichever is configured.
describe.each([
  ['files under DATA_DIR', () => diskStorage(path.join(work, 'disk'))],
  ['an S3 bucket', () => s3Storage(s3Config())],
] as [string, () => PhotoStorage][])('photo storage: %s', (_name, make) => {
  it('stores a file, streams it back whole, and deletes it', async () => {
    const storage = make();
    const key = 'trips/t1/p1/full';
    await storage.put(key, photo, 'image/jpeg');
    const stored = await storage.get(key);
    expect(stored?.bytes).toBe(PHOTO_BYTES);
    expect((await buffer(stored!.body)).equals(fs.readFileSync(photo))).toBe(true);

    // Written once, replaced whole.
    const small = path.join(work, 'small.webp');
    fs.writeFileSync(small, 'RIFF small');
    await storage.put(key, small, 'image/webp');
    expect((await buffer((await storage.get(key))!.body)).toString()).toBe('RIFF small');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is gone is done already.
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await storage.get('trips/t1/p1/never')).toBeNull();
  });

  it('takes only its own keys: nothing outside its folder or bucket', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/abs', 'trips/../../x', 'a//b', 'Trips/A', 'a/b/', '']) {
      await expect(storage.get(key), key).rejects.toThrow(StorageError);
      await expect(storage.put(key, photo, 'image/jpeg'), key).rejects.toThrow(StorageError);
    }
  });
});

describe('S3 storage', () => {
  it('says what went wrong, without its secret, when S3 refuses or cannot be reached', async () => {
    const noBucket = s3Storage({ ...s3Config(), bucket: 'no-such-bucket' });
    const refused = noBucket.put('trips/t/p/full', photo, 'image/jpeg');
    await expect(refused).rejects.toThrow(StorageError);
    await expect(refused).rejects.toThrow(/PutObject answered 404 \(NoSuchBucket\)/);

    const down = s3Storage({
      ...s3Config(),
      endpoint: 'http://127.0.0.1:9',
      secretAccessKey: 'secret-key-1234',
    });
    const unreachable = down.get('trips/t/p/full');
    await expect(unreachable).rejects.toThrow(/GetObject could not be reached/);
    await expect(unreachable).rejects.not.toThrow(/secret-key-1234/);
  });

  // s3rver does not check signatures, so the signing (aws4fetch's) is held to AWS's own worked
  // example instead: "GET Object" in the Signature Version 4 documentation for S3.
  it("signs requests exactly as AWS's Signature V4 example for S3 says", async () => {
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: {
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      // The example signs Range, which aws4fetch leaves out unless told.
      allHeaders: true,
    });
    const authorization = (await signer.sign()).headers.get('authorization');
    expect(authorization).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
    );
    expect(authorization).toContain('SignedHeaders=host;range;x-amz-content-sha256;x-amz-date');
    expect(authorization).toContain(
      'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('addresses objects path-style, or on the bucket host name as AWS prefers', () => {
    const config = { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'trip-photos' };
    expect(s3ObjectUrl({ ...config, pathStyle: true }, 'trips/a/b/full')).toBe(
      'https://s3.eu-west-1.amazonaws.com/trip-photos/trips/a/b/full',
    );
    expect(s3ObjectUrl({ ...config, pathStyle: false }, 'trips/a/b/full')).toBe(
      'https://trip-photos.s3.eu-west-1.amazonaws.com/trips/a/b/full',
    );
  });
});
