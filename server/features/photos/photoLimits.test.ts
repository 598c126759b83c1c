import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { MAX_PHOTOS_PER_TRIP, PHOTO_MESSAGES } from '../../../shared/contracts/photos';
import { SESSION_COOKIE } from '../../platform/sessions';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { photoWithLocation } from '../../test/pictures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { uploadPhoto } from '../../test/uploads';
import { tripPhotos } from './tables';

const MB = 1024 * 1024;
let t: TestApp;
let owner: Account;
let tripId: string;
let jpeg: Buffer;

beforeAll(async () => {
  // Issue #23: the limits are settings; here a photo and an album are at most 1 MB.
  t = await startTestApp({ env: { PHOTO_MAX_FILE_MB: '1', PHOTO_MAX_TRIP_MB: '1' } });
  owner = await createAccount(t, { firstName: 'Ana' });
  tripId = (await createTrip(t.database.db, owner.id)).id;
  jpeg = await photoWithLocation({ width: 320, height: 240 });
});
afterAll(() => t.close());

/** `bytes` of JPEG-looking data, sent in 64 KB pieces without a Content-Length. */
function chunked(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const piece = new Uint8Array(Math.min(64 * 1024, bytes - sent));
      if (sent === 0) piece.set([0xff, 0xd8, 0xff, 0xe0]);
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}

/** What is in the storage folder of `trip`: a folder per stored photo. */
function storedPhotoFolders(trip: string) {
  const dir = path.join(t.config.dataDir, 'photos', 'trips', trip);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('photo limits', () => {
  it('refuses a file over the limit by its Content-Length, and one sent without', async () => {
    const declared = await uploadPhoto<ErrorResponse>(
      t,
      owner,
      tripId,
      Buffer.alloc(MB + 1, 0xff),
      {
        name: 'huge.jpg',
      },
    );
    expect([declared.status, declared.body.code, declared.body.message]).toEqual([
      413,
      'body_too_large',
      PHOTO_MESSAGES.tooLarge('huge.jpg', MB),
    ]);
    const streamed = await uploadPhoto<ErrorResponse>(t, owner, tripId, chunked(3 * MB), {
      name: 'stream.jpg',
    });
    expect([streamed.status, streamed.body.code]).toEqual([413, 'body_too_large']);
    // Nothing of either was kept, not even in the uploads' work folder.
    expect(storedPhotoFolders(tripId)).toEqual([]);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('keeps nothing of an upload cancelled half-way, and goes on serving', async () => {
    const cancel = new AbortController();
    let sent = 0;
    const halfway = new ReadableStream<Uint8Array>({
      pull(controller) {
        // A quarter of a megabyte, then the person presses Cancel.
        if (sent >= 256 * 1024) return cancel.abort();
        const piece = new Uint8Array(64 * 1024);
        if (sent === 0) piece.set([0xff, 0xd8, 0xff, 0xe0]);
        sent += piece.length;
        controller.enqueue(piece);
      },
    });
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: {
        origin: t.url,
        cookie: `${SESSION_COOKIE}=${owner.client.cookie}`,
        'content-type': 'image/jpeg',
      },
      body: halfway,
      signal: cancel.signal,
      duplex: 'half',
    };
    await expect(
      fetch(`${t.url}/api/trips/${tripId}/photos?name=half.jpg`, init),
    ).rejects.toThrow();
    // The server let go of it: its work folder is emptied, and nothing is stored.
    await expect.poll(() => fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    expect(storedPhotoFolders(tripId)).toEqual([]);
    const after = await uploadPhoto(t, owner, tripId, jpeg);
    expect(after.status).toBe(201);
    expect((await owner.client.delete(`/api/trips/${tripId}/photos/${after.body.id}`)).status).toBe(
      204,
    );
    await expect.poll(() => storedPhotoFolders(tripId)).toEqual([]);
  });

  it('refuses a photo the album has no room for, and deletes what it had stored of it', async () => {
    const first = await uploadPhoto(t, owner, tripId, jpeg);
    expect(first.status).toBe(201);
    expect(
      (await owner.client.get<{ limits: { tripBytes: number } }>(`/api/trips/${tripId}/photos`))
        .body.limits.tripBytes,
    ).toBe(MB);

    // Room for the file as sent, not for its variants: found out once they are made and stored.
    await t.database.db
      .update(tripPhotos)
      .set({ bytes: MB - (jpeg.length + 1) })
      .where(eq(tripPhotos.id, first.body.id));
    const late = await uploadPhoto<ErrorResponse>(t, owner, tripId, jpeg);
    expect([late.status, late.body.code, late.body.message]).toEqual([
      413,
      'album_full',
      PHOTO_MESSAGES.albumFull(MB),
    ]);
    await expect.poll(() => storedPhotoFolders(tripId)).toEqual([first.body.id]);

    // Plainly full: refused before a byte is read.
    await t.database.db
      .update(tripPhotos)
      .set({ bytes: MB - 10 })
      .where(eq(tripPhotos.id, first.body.id));
    const early = await uploadPhoto<ErrorResponse>(t, owner, tripId, jpeg);
    expect([early.status, early.body.code]).toEqual([413, 'album_full']);
  });

  it(`holds at most ${MAX_PHOTOS_PER_TRIP} photos a trip`, async () => {
    const full = (await createTrip(t.database.db, owner.id)).id;
    await t.database.db.insert(tripPhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_TRIP }, () => ({
        id: crypto.randomUUID(),
        tripId: full,
        createdBy: owner.id,
        fileName: 'a.jpg',
        width: 1,
        height: 1,
        bytes: 1,
        variants: {},
        storageKeys: [],
      })),
    );
    const res = await uploadPhoto<ErrorResponse>(t, owner, full, jpeg);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      403,
      'item_limit',
      PHOTO_MESSAGES.tooMany,
    ]);
    await expect.poll(() => storedPhotoFolders(full)).toEqual([]);
  });
});
