import { eq } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CurrentUser,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_PX,
} from '../../../shared/contracts/account';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { TripMember } from '../../../shared/contracts/trips';
import { users } from '../../platform/db/schema';
import { SESSION_COOKIE } from '../../platform/sessions';
import { apiClient } from '../../test/apiClient';
import { type Account, createAccount, createTrip, TEST_PASSWORD } from '../../test/factories';
import { connectLive, joinTrip, type LiveClient, nextEvent } from '../../test/liveClient';
import { ONE_PIXEL_PNG, PHOTO_LOCATION, photoWithLocation } from '../../test/pictures';
import { startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
let jpeg: Buffer;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // 800 × 600 as stored, turned a quarter by its orientation tag, with GPS and camera EXIF.
  jpeg = await photoWithLocation();
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.disconnect();
});
afterAll(() => t.close());

/** PUT /api/user/picture as the app sends it: the file's own bytes. */
function upload(who: Account, body: Buffer, contentType = 'image/jpeg') {
  return who.client.put<CurrentUser & ErrorResponse>('/api/user/picture', new Uint8Array(body), {
    'content-type': contentType,
  });
}

/** A picture's address as a signed-in browser fetches it: status, headers and bytes. */
async function fetchPicture(who: Account | null, address: string) {
  const res = await fetch(`${t.url}${address}`, {
    headers: who ? { cookie: `${SESSION_COOKIE}=${who.client.cookie}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The stored key of a user's picture, read from the database. */
async function keyOf(userId: string) {
  const [row] = await t.database.db
    .select({ key: users.profileImageKey })
    .from(users)
    .where(eq(users.id, userId));
  return row?.key ?? null;
}

/** Whether the storage holds `key` (the file is not read). */
async function stored(key: string) {
  const file = await t.app.photoFiles.storage.get(key);
  file?.body.destroy();
  return file !== null;
}

describe('uploading a profile picture (issue #38 item 9)', () => {
  it('keeps a square from the middle, upright, with no metadata, at an address of the app', async () => {
    const ana = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
    // The file as a phone sends it: where it was taken, and which camera.
    expect(exifReader((await sharp(jpeg).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual(
      PHOTO_LOCATION.latitude,
    );

    const res = await upload(ana, jpeg);
    expect(res.status).toBe(200);
    expect(res.body.profileImageUrl).toMatch(
      new RegExp(`^/api/users/${ana.id}/picture\\?v=[0-9a-f]{16}$`),
    );
    expect((await ana.client.get<CurrentUser>('/api/user')).body.profileImageUrl).toBe(
      res.body.profileImageUrl,
    );

    // Anyone signed in who has the address sees it, kept by their browser for good.
    const other = await createAccount(t);
    const file = await fetchPicture(other, res.body.profileImageUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PROFILE_PICTURE_PX, height: 512 });
    // Nothing but pixels: no EXIF (so no GPS), no XMP, no IPTC, no colour profile.
    expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
    });
    // What the storage keeps is that very file.
    const kept = await t.app.photoFiles.storage.get((await keyOf(ana.id))!);
    const chunks: Buffer[] = [];
    for await (const chunk of kept!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file.bytes)).toBe(true);
  });

  it('cuts the square from the middle, and does not enlarge a small picture', async () => {
    const bea = await createAccount(t);
    // 300 × 100: red, green and blue thirds. The square is the green middle, 100 px a side.
    const thirds = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: '#00ff00' } },
          left: 100,
          top: 0,
        },
        {
          input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } },
          left: 200,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const res = await upload(bea, thirds, 'image/png');
    expect(res.status).toBe(200);
    const file = await fetchPicture(bea, res.body.profileImageUrl!);
    const { data, info } = await sharp(file.bytes)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 100]);
    // Its corners are green too: nothing of the red or blue thirds.
    for (const [x, y] of [
      [0, 0],
      [99, 0],
      [0, 99],
      [99, 99],
      [50, 50],
    ] as const) {
      const at = (y * info.width + x) * 3;
      const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
      expect({ r: r < 40, g: g > 215, b: b < 40 }, `pixel ${x},${y}`).toEqual({
        r: true,
        g: true,
        b: true,
      });
    }
  });

  it('refuses what is not a usable picture, with a code and a sentence for people', async () => {
    const cai = await createAccount(t);
    const text = Buffer.from('Packing list: passport, charger, sunscreen\n');
    // A text file, whatever the browser calls it: read by its bytes.
    for (const type of ['application/octet-stream', 'image/png']) {
      const res = await upload(cai, text, type);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        code: 'unsupported_media_type',
        message: PROFILE_PICTURE_MESSAGES.notAPicture,
      });
    }
    // Sent as text, it is refused before a byte is read.
    expect((await upload(cai, text, 'text/plain')).status).toBe(415);
    const json = await cai.client.put<ErrorResponse>('/api/user/picture', { picture: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(PROFILE_PICTURE_MESSAGES.notAPicture);

    // A damaged JPEG: its start, then nothing of the picture.
    const damaged = Buffer.concat([jpeg.subarray(0, 600), Buffer.alloc(400, 0x55)]);
    const unreadable = await upload(cai, damaged);
    expect(unreadable.status).toBe(422);
    expect(unreadable.body).toMatchObject({
      code: 'unreadable_image',
      message: PROFILE_PICTURE_MESSAGES.unreadable,
    });

    const empty = await upload(cai, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(PROFILE_PICTURE_MESSAGES.empty);

    // Too large: refused by its Content-Length, before it is read.
    const huge = Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1);
    ONE_PIXEL_PNG.copy(huge);
    const tooLarge = await upload(cai, huge, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      code: 'body_too_large',
      message: PROFILE_PICTURE_MESSAGES.tooLarge,
    });
    expect(PROFILE_PICTURE_MESSAGES.tooLarge).toContain('20 MB');

    // Nothing of it was kept.
    expect((await cai.client.get<CurrentUser>('/api/user')).body.profileImageUrl).toBeNull();
    expect(await keyOf(cai.id)).toBeNull();
  });

  it('is for the signed-in only', async () => {
    const dan = await createAccount(t);
    const { body } = await upload(dan, jpeg);
    const signedOut = apiClient(t.url);
    const put = await signedOut.put<ErrorResponse>('/api/user/picture', new Uint8Array(jpeg), {
      'content-type': 'image/jpeg',
    });
    expect(put.status).toBe(401);
    expect(put.body.code).toBe('unauthenticated');
    expect((await signedOut.delete('/api/user/picture')).status).toBe(401);
    expect((await fetchPicture(null, body.profileImageUrl!)).status).toBe(401);
    // The picture stays as it was.
    expect((await fetchPicture(dan, body.profileImageUrl!)).status).toBe(200);
  });

  it('shows only the version its address names: the id alone finds nothing', async () => {
    const eva = await createAccount(t);
    const { body } = await upload(eva, jpeg);
    const other = await createAccount(t);
    const base = `/api/users/${eva.id}/picture`;
    expect((await fetchPicture(other, `${base}?v=0123456789abcdef`)).status).toBe(404);
    expect((await fetchPicture(other, base)).status).toBe(400);
    // Someone without an uploaded picture has none to show.
    expect((await fetchPicture(eva, `/api/users/${other.id}/picture?v=x`)).status).toBe(404);
    expect((await fetchPicture(other, body.profileImageUrl!)).status).toBe(200);
  });

  it('replacing a picture deletes the old one; removing it deletes it too', async () => {
    const fay = await createAccount(t);
    const first = (await upload(fay, jpeg)).body.profileImageUrl!;
    const firstKey = (await keyOf(fay.id))!;
    expect(await stored(firstKey)).toBe(true);

    const second = (await upload(fay, ONE_PIXEL_PNG, 'image/png')).body.profileImageUrl!;
    expect(second).not.toBe(first);
    const secondKey = (await keyOf(fay.id))!;
    expect((await fetchPicture(fay, first)).status).toBe(404);
    expect((await fetchPicture(fay, second)).status).toBe(200);
    // The sweeper hears of the old key from the database.
    await expect.poll(() => stored(firstKey)).toBe(false);
    expect(await stored(secondKey)).toBe(true);

    const removed = await fay.client.delete<CurrentUser>('/api/user/picture');
    expect(removed.status).toBe(200);
    expect(removed.body.profileImageUrl).toBeNull();
    expect(await keyOf(fay.id)).toBeNull();
    expect((await fetchPicture(fay, second)).status).toBe(404);
    await expect.poll(() => stored(secondKey)).toBe(false);
    // Removing none is fine.
    expect((await fay.client.delete('/api/user/picture')).status).toBe(200);
  });

  it('deleting the account deletes its picture', async () => {
    const gil = await createAccount(t);
    await upload(gil, jpeg);
    const key = (await keyOf(gil.id))!;
    expect(await stored(key)).toBe(true);
    expect((await gil.client.delete('/api/user', { password: TEST_PASSWORD })).status).toBe(200);
    await expect.poll(() => stored(key)).toBe(false);
  });

  it('shows on the trips of its owner, and tells them at once', async () => {
    const owner = await createAccount(t, { firstName: 'Hana' });
    const member = await createAccount(t, { firstName: 'Ivo' });
    const tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
    const tab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);

    const told = nextEvent(tab, 'change', ({ change }) => change.type === 'members:changed');
    const { body } = await upload(member, jpeg);
    await told;
    const members = await owner.client.get<TripMember[]>(`/api/trips/${tripId}/members`);
    expect(members.body.find((m) => m.id === member.id)?.image).toBe(body.profileImageUrl);
    expect((await fetchPicture(owner, body.profileImageUrl!)).status).toBe(200);
  });
});
