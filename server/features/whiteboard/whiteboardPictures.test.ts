import { createHash } from 'node:crypto';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Widget } from '../../../shared/contracts/board';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  WHITEBOARD_MESSAGES,
  WHITEBOARD_PICTURE_MAX_PX,
  type WhiteboardScene,
} from '../../../shared/contracts/whiteboard';
import { SESSION_COOKIE } from '../../platform/sessions';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { claimingSize, PHOTO_LOCATION, photoWithLocation } from '../../test/pictures';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * The security probe's point 8: a picture pasted on a whiteboard goes to every member who opens
 * it, so it is made ready as an album photo is (whiteboardPicture.ts), not stored as sent.
 */

let t: TestApp;
let owner: Account;
let member: Account;
let tripId: string;
let widgetId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t, { firstName: 'Ana', plan: 'premium' });
  member = await createAccount(t, { firstName: 'Bruno' });
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
  const res = await owner.client.post<Widget>(`/api/trips/${tripId}/widgets`, {
    type: 'whiteboard',
    position: { top: 0, left: 0 },
  });
  expect(res.status).toBe(201);
  widgetId = res.body.id;
});
afterAll(() => t.close());

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
const filePath = (fileId: string) => `/api/trips/${tripId}/whiteboards/${widgetId}/files/${fileId}`;

/** Sends `picture`'s bytes, named by their SHA-1 (a name that claims to be one must be one). */
function paste(picture: Buffer, fileId = sha1(picture)) {
  return owner.client.put<ErrorResponse & { id: string; mimeType: string }>(
    filePath(fileId),
    picture,
    { 'content-type': 'application/octet-stream' },
  );
}

/** The picture as another member's editor gets it. */
async function served(fileId: string) {
  const res = await fetch(`${t.url}${filePath(fileId)}`, {
    headers: { cookie: `${SESSION_COOKIE}=${member.client.cookie}` },
  });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { bytes, meta, contentType: res.headers.get('content-type') };
}

async function storedFiles() {
  const res = await member.client.get<WhiteboardScene>(
    `/api/trips/${tripId}/whiteboards/${widgetId}`,
  );
  return res.body.files.map((file) => file.id);
}

describe('pictures on a whiteboard, made ready for every member', () => {
  it('serves a phone’s JPEG without its EXIF and GPS position, upright, still a JPEG', async () => {
    const jpeg = await photoWithLocation({ width: 800, height: 600 });
    expect(exifReader((await sharp(jpeg).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual(
      PHOTO_LOCATION.latitude,
    );
    const res = await paste(jpeg);
    expect([res.status, res.body]).toEqual([201, { id: sha1(jpeg), mimeType: 'image/jpeg' }]);

    const { meta, contentType } = await served(sha1(jpeg));
    expect(contentType).toBe('image/jpeg');
    expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
    });
    // 800 × 600 as stored, a quarter turn by its orientation tag: shown 600 wide, 800 high.
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual([
      'jpeg',
      600,
      800,
      undefined,
    ]);
  });

  it('stores a picture larger than a whiteboard shows made smaller, and refuses the probe’s 20,000 × 20,000 PNG', async () => {
    const wide = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 4,
        background: { r: 0, g: 90, b: 200, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    expect((await paste(wide)).status).toBe(201);
    const { meta, contentType } = await served(sha1(wide));
    expect([contentType, meta.width, meta.height, meta.hasAlpha]).toEqual([
      'image/png',
      WHITEBOARD_PICTURE_MAX_PX,
      (WHITEBOARD_PICTURE_MAX_PX * 2) / 3,
      true,
    ]);

    // 400 megapixels said in a header of a few bytes: refused before anything is decoded.
    const probe = claimingSize(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
        .png()
        .toBuffer(),
      20_000,
      20_000,
    );
    const refused = await paste(probe);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      422,
      'unreadable_image',
      WHITEBOARD_MESSAGES.fileTooManyPixels('PNG', 50),
    ]);
    expect(refused.body.message).toContain('up to 50 megapixels');
    expect(await storedFiles()).not.toContain(sha1(probe));
  });

  it('checks a SHA-1 name against the bytes as sent, and keeps what it made of them', async () => {
    const jpeg = await photoWithLocation({ width: 320, height: 240 });
    const name = sha1(jpeg);
    // Another picture under this picture's name: refused, whatever it would be made into.
    const other = await photoWithLocation({ width: 240, height: 320 });
    const wrong = await paste(other, name);
    expect([wrong.status, wrong.body.message]).toEqual([400, WHITEBOARD_MESSAGES.fileMismatch]);

    expect((await paste(jpeg)).status).toBe(201);
    const first = await served(name);
    // Stored as made, not as sent: its bytes are no longer the ones its name hashes.
    expect(sha1(first.bytes)).not.toBe(name);
    // Sent again (another tab of the same person): the picture already stored is kept.
    expect((await paste(jpeg)).status).toBe(200);
    expect((await served(name)).bytes.equals(first.bytes)).toBe(true);
  });

  it('keeps the first frame of a GIF, and refuses a damaged picture', async () => {
    // Three frames of 40 × 30, each a colour of its own.
    const frames = 3;
    const strip = Buffer.alloc(40 * 30 * frames * 3);
    for (let i = 0; i < strip.length; i += 3) strip[i + Math.floor(i / (40 * 30 * 3))] = 255;
    const gif = await sharp(strip, {
      raw: { width: 40, height: 30 * frames, channels: 3, pageHeight: 30 },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);
    expect((await paste(gif)).status).toBe(201);
    const { meta, contentType } = await served(sha1(gif));
    expect([contentType, meta.width, meta.height, meta.pages ?? 1]).toEqual([
      'image/gif',
      40,
      30,
      1,
    ]);

    // A PNG's first bytes, and then nothing a decoder can read.
    const damaged = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
    const refused = await paste(damaged);
    expect([refused.status, refused.body.message]).toEqual([
      422,
      WHITEBOARD_MESSAGES.fileUnreadable,
    ]);
  });
});
