import { eq } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  type Album,
  MAX_PHOTOS_PER_TRIP,
  PHOTO_MEDIUM_PX,
  PHOTO_MESSAGES,
  PHOTO_THUMBNAIL_PX,
  type TripPhoto,
} from '../../../shared/contracts/photos';
import { SESSION_COOKIE } from '../../platform/sessions';
import { itTakesClientIds } from '../../test/clientIds';
import { type Account, createAccount, createTrip, TEST_PASSWORD } from '../../test/factories';
import {
  connectLive,
  joinTrip,
  type LiveClient,
  nextEvent,
  removedFrom,
  savedIn,
} from '../../test/liveClient';
import {
  claimingSize,
  ONE_PIXEL_PNG,
  PHOTO_LOCATION,
  photoWithLocation,
} from '../../test/pictures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { uploadPhoto } from '../../test/uploads';
import { storageDeletions, tripPhotos } from './tables';

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let tripId: string;
let jpeg: Buffer;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  outsider = await createAccount(t, { firstName: 'Olga', lastName: 'Outside' });
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
  jpeg = await photoWithLocation();
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.disconnect();
});
afterAll(() => t.close());

/** A file as its members get it: status, headers and bytes. */
async function fetchFile(who: Account, path: string) {
  const res = await fetch(`${t.url}${path}`, {
    headers: { cookie: `${SESSION_COOKIE}=${who.client.cookie}` },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const albumOf = async (who: Account, trip = tripId) => {
  const res = await who.client.get<Album>(`/api/trips/${trip}/photos`);
  expect(res.status).toBe(200);
  return res.body;
};

/** What a picture carries besides its pixels, as sharp reads it. */
async function metadataOf(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return { exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc };
}

async function storedKeys(photoId: string, trip = tripId) {
  const found: string[] = [];
  for (const variant of ['thumbnail', 'medium', 'full', 'original']) {
    const key = `trips/${trip}/${photoId}/${variant}`;
    const file = await t.app.photoFiles.storage.get(key);
    if (file) {
      file.body.destroy();
      found.push(variant);
    }
  }
  return found;
}

/** Deletions of `trip`'s files that are still waiting. */
async function dueDeletions(trip: string) {
  const rows = await t.database.db.select().from(storageDeletions);
  return rows.filter((row) => row.key.startsWith(`trips/${trip}/`)).map((row) => row.key);
}

describe('adding a photo', () => {
  it('makes upright thumbnail, medium and full-size variants without any metadata, for members', async () => {
    const tab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);
    const announced = nextEvent(tab, 'change', savedIn('photos'));

    // The file as a phone sends it: GPS position, camera, and turned by its orientation tag.
    expect(exifReader((await sharp(jpeg).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual(
      PHOTO_LOCATION.latitude,
    );
    const res = await uploadPhoto(t, member, tripId, jpeg, { caption: '  The villa  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const photo = res.body;
    expect(photo).toMatchObject({
      caption: 'The villa',
      addedBy: { id: member.id, name: 'Bruno Costa' },
      fileName: 'IMG_2041.jpg',
      // 800×600 as stored, a quarter turn by its tag: 600 wide, 800 high.
      width: 600,
      height: 800,
      hasOriginal: false,
      src: {
        thumbnail: `/api/trips/${tripId}/photos/${photo.id}/thumbnail`,
        medium: `/api/trips/${tripId}/photos/${photo.id}/medium`,
        full: `/api/trips/${tripId}/photos/${photo.id}/full`,
        original: null,
      },
    });
    expect((await announced).change).toEqual({ type: 'item:saved', list: 'photos', item: photo });

    const sizes: Record<string, { width?: number; height?: number; format?: string }> = {};
    let stored = 0;
    for (const variant of ['thumbnail', 'medium', 'full'] as const) {
      const file = await fetchFile(owner, photo.src[variant]);
      expect(file.status, variant).toBe(200);
      expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Number(file.headers.get('content-length'))).toBe(file.bytes.length);
      // Nothing but pixels: no EXIF (so no GPS), no XMP, no IPTC, no colour profile.
      expect(await metadataOf(file.bytes), variant).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      const meta = await sharp(file.bytes).metadata();
      sizes[variant] = { width: meta.width, height: meta.height, format: meta.format };
      expect(file.headers.get('content-type')).toBe(
        variant === 'full' ? 'image/jpeg' : 'image/webp',
      );
      stored += file.bytes.length;
    }
    expect(sizes).toEqual({
      thumbnail: {
        width: PHOTO_THUMBNAIL_PX * (600 / 800),
        height: PHOTO_THUMBNAIL_PX,
        format: 'webp',
      },
      medium: { width: 600, height: 800, format: 'webp' }, // never enlarged past its own size
      full: { width: 600, height: 800, format: 'jpeg' },
    });
    expect(photo.bytes).toBe(stored);
    // Without the choice, the file as sent (with its GPS position) is not kept anywhere.
    const original = await owner.client.get<ErrorResponse>(
      `${photo.src.full.replace(/full$/, 'original')}`,
    );
    expect(original.status).toBe(404);
    expect(original.body.message).toBe(PHOTO_MESSAGES.noOriginal);
    expect(await storedKeys(photo.id)).toEqual(['thumbnail', 'medium', 'full']);

    const album = await albumOf(owner);
    expect(album.photos[0]).toEqual(photo);
    expect(album.limits).toMatchObject({ usedBytes: stored, maxPhotos: MAX_PHOTOS_PER_TRIP });
  });

  it('shrinks a large photo to the medium and thumbnail sizes', async () => {
    const large = await photoWithLocation({ width: 3000, height: 2000 });
    const res = await uploadPhoto(t, member, tripId, large);
    expect(res.status).toBe(201);
    const medium = await sharp((await fetchFile(member, res.body.src.medium)).bytes).metadata();
    const thumbnail = await sharp(
      (await fetchFile(member, res.body.src.thumbnail)).bytes,
    ).metadata();
    // Upright (2000 wide, 3000 high), each within its longest side.
    expect([medium.width, medium.height]).toEqual([
      Math.round(PHOTO_MEDIUM_PX * (2 / 3)),
      PHOTO_MEDIUM_PX,
    ]);
    expect([thumbnail.width, thumbnail.height]).toEqual([
      PHOTO_THUMBNAIL_PX * (2 / 3),
      PHOTO_THUMBNAIL_PX,
    ]);
  });

  it('keeps the file as sent only when asked, and names downloads after it', async () => {
    const res = await uploadPhoto(t, owner, tripId, jpeg, {
      keepOriginal: 'true',
      name: 'Ferry timetable.jpg',
    });
    expect(res.status).toBe(201);
    expect(res.body.hasOriginal).toBe(true);
    const original = await fetchFile(member, res.body.src.original!);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(jpeg)).toBe(true);
    expect(original.headers.get('content-type')).toBe('image/jpeg');

    const full = await fetchFile(member, `${res.body.src.full}?download=1`);
    expect(full.headers.get('content-disposition')).toBe(
      `attachment; filename="Ferry timetable.jpg"; filename*=UTF-8''Ferry%20timetable.jpg`,
    );
    const medium = await fetchFile(member, `${res.body.src.medium}?download=1`);
    expect(medium.headers.get('content-disposition')).toContain(
      'filename="Ferry timetable-medium.webp"',
    );
  });

  it('reads the type from the bytes, not the name or the Content-Type', async () => {
    // A PNG named .jpg and sent as image/jpeg is a PNG: its full size stays PNG.
    const png = await uploadPhoto(t, member, tripId, ONE_PIXEL_PNG, { name: 'scan.jpg' });
    expect(png.status).toBe(201);
    expect((await fetchFile(member, png.body.src.full)).headers.get('content-type')).toBe(
      'image/png',
    );
    // PNG, WebP and AVIF with a GPS position too: none of it left in the full size; AVIF's is a
    // JPEG every browser shows.
    const fullTypes = { png: 'image/png', webp: 'image/webp', avif: 'image/jpeg' };
    for (const format of ['png', 'webp', 'avif'] as const) {
      const res = await uploadPhoto(
        t,
        member,
        tripId,
        await photoWithLocation({ width: 64, height: 48, format }),
        {
          name: `x.${format}`,
        },
      );
      expect(res.status, format).toBe(201);
      const full = await fetchFile(member, res.body.src.full);
      expect(full.headers.get('content-type')).toBe(fullTypes[format]);
      expect(await metadataOf(full.bytes), format).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
    }

    const cases: [Buffer, string, number, string, string][] = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'evil.jpg',
        415,
        'unsupported_media_type',
        PHOTO_MESSAGES.notAPhoto('evil.jpg'),
      ],
      [
        Buffer.from('GIF89a\x01\x00\x01\x00'),
        'anim.gif',
        415,
        'unsupported_media_type',
        PHOTO_MESSAGES.notAPhoto('anim.gif'),
      ],
      [
        jpeg.subarray(0, 300),
        'cut.jpg',
        422,
        'unreadable_image',
        PHOTO_MESSAGES.unreadable('cut.jpg'),
      ],
      [heicFile(), 'IMG_0001.HEIC', 422, 'unreadable_image', PHOTO_MESSAGES.heic('IMG_0001.HEIC')],
      [Buffer.alloc(0), 'empty.jpg', 400, 'invalid_input', PHOTO_MESSAGES.emptyUpload('empty.jpg')],
    ];
    const before = (await albumOf(member)).photos.length;
    for (const [bytes, name, status, code, message] of cases) {
      const res = await uploadPhoto<ErrorResponse>(t, member, tripId, bytes, { name });
      expect([res.status, res.body.code, res.body.message], name).toEqual([status, code, message]);
    }
    // JSON (or any body that is no file) is refused before it is read.
    const json = await member.client.post<ErrorResponse>(`/api/trips/${tripId}/photos?name=a.jpg`, {
      a: 1,
    });
    expect([json.status, json.body.code]).toEqual([415, 'unsupported_media_type']);
    expect((await albumOf(member)).photos).toHaveLength(before);
  });

  it('refuses a picture of more pixels than its type may have, before decoding it', async () => {
    // The security probe's: a JPEG of a few hundred bytes whose header says 9,000 × 9,000 (81
    // megapixels, within the 100 there were): decoding it into its sizes took 527 MB.
    const small = (format: 'jpeg' | 'webp') =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
        .toFormat(format)
        .toBuffer();
    const probe = claimingSize(await small('jpeg'), 9000, 9000);
    const res = await uploadPhoto<ErrorResponse>(t, member, tripId, probe, { name: 'probe.jpg' });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      422,
      'unreadable_image',
      PHOTO_MESSAGES.tooManyPixels('probe.jpg', 'JPEG', 50),
    ]);
    expect(res.body.message).toContain('a JPEG photo can be up to 50 megapixels');
    // A WebP holds more while it is made (its decoder and encoder each hold it whole).
    const webp = claimingSize(await small('webp'), 6000, 6000);
    const refused = await uploadPhoto<ErrorResponse>(t, member, tripId, webp, { name: 'a.webp' });
    expect([refused.status, refused.body.message]).toEqual([
      422,
      PHOTO_MESSAGES.tooManyPixels('a.webp', 'WebP', 30),
    ]);
  });

  it('names a kept original after what its bytes are, not what it was called', async () => {
    const res = await uploadPhoto(t, member, tripId, jpeg, {
      keepOriginal: 'true',
      name: 'timetable.html',
    });
    const original = await fetchFile(member, `${res.body.src.original}?download=1`);
    expect(original.headers.get('content-disposition')).toContain('filename="timetable.jpg"');
  });

  it('refuses bad names and captions with messages', async () => {
    const long = await uploadPhoto<ErrorResponse>(t, member, tripId, jpeg, {
      caption: 'x'.repeat(501),
    });
    expect([long.status, long.body.code]).toEqual([400, 'invalid_input']);
    expect(JSON.stringify(long.body)).toContain(PHOTO_MESSAGES.caption);
    const nameless = await uploadPhoto<ErrorResponse>(t, member, tripId, jpeg, { name: '' });
    expect(JSON.stringify(nameless.body)).toContain(PHOTO_MESSAGES.name);
    const nul = await uploadPhoto<ErrorResponse>(t, member, tripId, jpeg, { name: 'a\u0000.jpg' });
    expect(nul.status).toBe(400);
  });
});

/** The first bytes of an iPhone's HEIC photo: an ISO media file of brand `heic`. */
function heicFile() {
  const ftyp = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(200, 1)]);
}

describe('who may see, change and delete', () => {
  it('answers 404 to anyone not on the trip, for the album, each file and each change', async () => {
    const photo = (await uploadPhoto(t, member, tripId, jpeg)).body;
    for (const path of [
      `/api/trips/${tripId}/photos`,
      photo.src.thumbnail,
      photo.src.medium,
      photo.src.full,
      `${photo.src.full.replace(/full$/, 'original')}`,
    ]) {
      const res = await outsider.client.get<ErrorResponse>(path);
      expect([res.status, res.body.code], path).toEqual([404, 'not_found']);
    }
    expect((await uploadPhoto(t, outsider, tripId, jpeg)).status).toBe(404);
    expect(
      (await outsider.client.patch(`/api/trips/${tripId}/photos/${photo.id}`, { caption: 'x' }))
        .status,
    ).toBe(404);
    expect((await outsider.client.delete(`/api/trips/${tripId}/photos/${photo.id}`)).status).toBe(
      404,
    );
    // Signed out: not even that the trip exists.
    const anonymous = await fetch(`${t.url}${photo.src.full}`);
    expect(anonymous.status).toBe(401);
    // A photo is reached only through its own trip.
    const otherTrip = (await createTrip(t.database.db, outsider.id)).id;
    const elsewhere = await outsider.client.get(`/api/trips/${otherTrip}/photos/${photo.id}/full`);
    expect(elsewhere.status).toBe(404);
  });

  it('lets who added a photo, or the owner, change or delete it; files go with it', async () => {
    const tab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);
    const mine = (await uploadPhoto(t, member, tripId, jpeg)).body;
    const owners = (await uploadPhoto(t, owner, tripId, jpeg)).body;

    const notYours = await member.client.delete<ErrorResponse>(
      `/api/trips/${tripId}/photos/${owners.id}`,
    );
    expect([notYours.status, notYours.body.code, notYours.body.message]).toEqual([
      403,
      'creator_only',
      PHOTO_MESSAGES.notYours,
    ]);
    const notYourCaption = await member.client.patch<ErrorResponse>(
      `/api/trips/${tripId}/photos/${owners.id}`,
      { caption: 'Mine now' },
    );
    expect(notYourCaption.status).toBe(403);

    const captioned = nextEvent(tab, 'change', savedIn('photos'));
    const renamed = await member.client.patch<TripPhoto>(`/api/trips/${tripId}/photos/${mine.id}`, {
      caption: 'Sunset at the pier',
    });
    expect([renamed.status, renamed.body.caption]).toEqual([200, 'Sunset at the pier']);
    expect((await captioned).change).toEqual({
      type: 'item:saved',
      list: 'photos',
      item: renamed.body,
    });
    const cleared = await owner.client.patch<TripPhoto>(`/api/trips/${tripId}/photos/${mine.id}`, {
      caption: '   ',
    });
    expect(cleared.body.caption).toBeNull();

    const removed = nextEvent(tab, 'change', removedFrom('photos'));
    expect((await member.client.delete(`/api/trips/${tripId}/photos/${mine.id}`)).status).toBe(204);
    expect((await removed).change).toEqual({ type: 'item:removed', list: 'photos', id: mine.id });
    expect((await owner.client.delete(`/api/trips/${tripId}/photos/${owners.id}`)).status).toBe(
      204,
    );
    expect((await owner.client.get(mine.src.full)).status).toBe(404);
    // The files go too (the sweeper hears of them from the database).
    await expect.poll(() => storedKeys(mine.id)).toEqual([]);
    await expect.poll(() => storedKeys(owners.id)).toEqual([]);
  });

  it("deleting a trip, or an account, removes its photos' files", async () => {
    const doomed = await createAccount(t, { firstName: 'Dora' });
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [doomed.id, member.id] }))
      .id;
    const fromTrip = (await uploadPhoto(t, member, trip, jpeg)).body;
    const fromDora = (await uploadPhoto(t, doomed, trip, jpeg)).body;
    // A photo on a trip Dora has since left goes with her account too.
    const left = (await createTrip(t.database.db, owner.id, { memberIds: [doomed.id] })).id;
    const fromDoraLeft = (await uploadPhoto(t, doomed, left, jpeg)).body;
    expect((await doomed.client.post(`/api/trips/${left}/leave`)).status).toBe(200);
    const tab = await connectLive(t.url, member.client.cookie);
    const ownerTab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab, ownerTab);
    expect((await joinTrip(tab, trip)).ok).toBe(true);
    expect((await joinTrip(ownerTab, left)).ok).toBe(true);

    const gone = nextEvent(tab, 'change', removedFrom('photos'));
    const goneLeft = nextEvent(ownerTab, 'change', removedFrom('photos'));
    expect((await doomed.client.delete('/api/user', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await gone).change).toEqual({ type: 'item:removed', list: 'photos', id: fromDora.id });
    expect((await goneLeft).change).toEqual({
      type: 'item:removed',
      list: 'photos',
      id: fromDoraLeft.id,
    });
    await expect.poll(() => storedKeys(fromDora.id, trip)).toEqual([]);
    await expect.poll(() => storedKeys(fromDoraLeft.id, left)).toEqual([]);
    expect(await storedKeys(fromTrip.id, trip)).toEqual(['thumbnail', 'medium', 'full']);

    expect((await owner.client.delete(`/api/trips/${trip}`)).status).toBe(200);
    await expect.poll(() => storedKeys(fromTrip.id, trip)).toEqual([]);
    // Nothing is left to delete: every deletion that came due was carried out.
    await expect.poll(() => dueDeletions(trip)).toEqual([]);
  });
});

itTakesClientIds(() => t, {
  list: 'photos',
  table: tripPhotos,
  add: (_cast, who, trip, id) =>
    uploadPhoto(
      t,
      who,
      trip,
      ONE_PIXEL_PNG,
      id === undefined ? {} : { id: String(id) },
      'image/png',
    ),
});

it('keeps one photo, and none of its files due for deletion, when one id is uploaded twice at once', async () => {
  const trip = (await createTrip(t.database.db, owner.id)).id;
  const id = crypto.randomUUID();
  const [a, b] = await Promise.all([
    uploadPhoto(t, owner, trip, jpeg, { id }),
    uploadPhoto(t, owner, trip, jpeg, { id }),
  ]);
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(b.body).toEqual(a.body);
  const [row] = await t.database.db.select().from(tripPhotos).where(eq(tripPhotos.id, id));
  // Each upload stored its own files; the one not saved leaves its own, not the photo's.
  const due = await dueDeletions(trip);
  expect(due.filter((key) => row!.storageKeys.includes(key))).toEqual([]);
  expect((await fetchFile(owner, a.body.src.full)).status).toBe(200);
});
