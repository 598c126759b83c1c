import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { PHOTO_MESSAGES } from '../../../shared/contracts/photos';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { photoWithLocation } from '../../test/pictures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { uploadPhoto } from '../../test/uploads';
import type { PhotoStorage } from './storage';
import { diskStorage } from './storage/diskStorage';
import { StorageError } from './storage/types';
import { storageDeletions } from './tables';

let dir: string;
let disk: PhotoStorage;
let t: TestApp;
let owner: Account;
let tripId: string;
let jpeg: Buffer;
let failing: { putOf: string | null; get: boolean } = { putOf: null, get: false };
const slowPuts: Promise<void>[] = [];

/**
 * Storage that fails as it is told: one variant's write at once while the others take a moment
 * (as when S3 answers one request 503 and is slow with the rest), or every read.
 */
const flaky: PhotoStorage = {
  kind: 'disk',
  async put(key, from, contentType) {
    if (failing.putOf && key.endsWith(`/${failing.putOf}`))
      throw new StorageError('S3 PutObject answered 503 (SlowDown)');
    if (!failing.putOf) return disk.put(key, from, contentType);
    // A slow upload: its file is read at once, and lands a moment later.
    const sending = path.join(`${dir}-sending`, String(slowPuts.length));
    fs.copyFileSync(from, sending);
    const slow = new Promise<void>((resolve) => setTimeout(resolve, 150)).then(() =>
      disk.put(key, sending, contentType),
    );
    slowPuts.push(slow);
    return slow;
  },
  async get(key) {
    if (failing.get) throw new StorageError('S3 GetObject could not be reached: ECONNREFUSED');
    return disk.get(key);
  },
  delete: (key) => disk.delete(key),
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-flaky-'));
  disk = diskStorage(dir);
  fs.mkdirSync(`${dir}-sending`);
  t = await startTestApp({ photoStorage: flaky });
  owner = await createAccount(t, { firstName: 'Ana' });
  tripId = (await createTrip(t.database.db, owner.id)).id;
  jpeg = await photoWithLocation({ width: 320, height: 240 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}-sending`, { recursive: true, force: true });
});

/** Every file in the storage's folder. */
const storedFiles = () =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('photos when storage fails', () => {
  it('answers 503 when a write fails, and leaves none of the photo behind', async () => {
    failing = { putOf: 'medium', get: false };
    const res = await uploadPhoto<ErrorResponse>(t, owner, tripId, jpeg);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      503,
      'unavailable',
      PHOTO_MESSAGES.storageDown,
    ]);
    // The slower writes finished after the failure; what they wrote is deleted all the same.
    await Promise.all(slowPuts);
    await expect.poll(storedFiles).toEqual([]);
    await expect
      .poll(async () => (await t.database.db.select().from(storageDeletions)).length)
      .toBe(0);
    expect(
      (await owner.client.get<{ photos: unknown[] }>(`/api/trips/${tripId}/photos`)).body.photos,
    ).toEqual([]);
  });

  it('answers 503 when a photo cannot be read from storage', async () => {
    failing = { putOf: null, get: false };
    const photo = await uploadPhoto(t, owner, tripId, jpeg);
    expect(photo.status).toBe(201);
    failing = { putOf: null, get: true };
    const res = await owner.client.get<ErrorResponse>(photo.body.src.thumbnail);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      503,
      'unavailable',
      PHOTO_MESSAGES.storageDown,
    ]);
    failing = { putOf: null, get: false };
    expect((await owner.client.get(photo.body.src.thumbnail)).status).toBe(200);
  });
});

describe('closing the server', () => {
  it('lets a photo being sent finish, then closes its connection at once (not after the keep-alive timeout)', async () => {
    // A storage whose reads wait until told: the request is in flight as the close begins.
    let release = () => {};
    const reading = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow: PhotoStorage = {
      ...disk,
      async get(key) {
        if (held) {
          entered();
          await reading;
        }
        return disk.get(key);
      },
    };
    const app = await startTestApp({ photoStorage: slow });
    const ana = await createAccount(app, { firstName: 'Ana' });
    const trip = (await createTrip(app.database.db, ana.id)).id;
    const photo = await uploadPhoto(app, ana, trip, jpeg);
    expect(photo.status).toBe(201);

    held = true;
    const sending = ana.client.get(photo.body.src.thumbnail);
    await inside;
    const closed = app.close();
    release();
    expect((await sending).status).toBe(200);
    // Without closing the connection as the response finishes, this waits 72 s (the test's
    // 30 s timeout fails it first).
    await closed;
  });
});
