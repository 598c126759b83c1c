import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../../../shared/contracts/photos';
import { SESSION_COOKIE } from '../../platform/sessions';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { photoWithLocation } from '../../test/pictures';
import { startS3Server, type TestS3Server } from '../../test/s3Server';
import { startTestApp, type TestApp } from '../../test/testApp';
import { uploadPhoto } from '../../test/uploads';

let s3: TestS3Server;
let t: TestApp;
let owner: Account;
let member: Account;

beforeAll(async () => {
  s3 = await startS3Server();
  // Issue #23: with S3_BUCKET set, photos go to the bucket (several instances share it).
  t = await startTestApp({ env: s3.env });
  owner = await createAccount(t, { firstName: 'Ana' });
  member = await createAccount(t, { firstName: 'Bruno' });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const inBucket = async (key: string) => {
  const res = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
  await res.body?.cancel();
  return res.status === 200;
};

describe('photos in an S3 bucket', () => {
  it('stores every variant in the bucket, serves them to members, and deletes them with the trip', async () => {
    expect(t.app.photoFiles.storage.kind).toBe('s3');
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
    const res = await uploadPhoto(t, member, trip, await photoWithLocation(), {
      keepOriginal: 'true',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const photo = res.body;
    const keys = ['thumbnail', 'medium', 'full', 'original'].map(
      (v) => `trips/${trip}/${photo.id}/${v}`,
    );
    for (const key of keys) expect(await inBucket(key), key).toBe(true);

    const full = await fetch(`${t.url}${photo.src.full}`, {
      headers: { cookie: `${SESSION_COOKIE}=${owner.client.cookie}` },
    });
    expect([full.status, full.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([600, 800, undefined]);
    expect((await owner.client.get<Album>(`/api/trips/${trip}/photos`)).body.photos).toHaveLength(
      1,
    );

    expect((await owner.client.delete(`/api/trips/${trip}`)).status).toBe(200);
    for (const key of keys) await expect.poll(() => inBucket(key)).toBe(false);
  });
});
