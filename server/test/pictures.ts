import zlib from 'node:zlib';
import sharp from 'sharp';

/** A red pixel as a PNG file: the smallest real picture, for tests that store one. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** Where `photoWithLocation`'s GPS tags say it was taken: Lisbon, 38°42′30″N 9°8′0″W. */
export const PHOTO_LOCATION = { latitude: [38, 42, 30], longitude: [9, 8, 0] };

/**
 * A photo as a phone writes one: JPEG (or `format`), `width`×`height` pixels as stored, with EXIF
 * naming the camera and the GPS position it was taken at, and an orientation tag (6: turn it a
 * quarter clockwise to show it upright, so it shows `height` wide).
 */
export async function photoWithLocation(
  options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp' | 'avif' } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, format = 'jpeg' } = options;
  // Noise, not a flat colour: sizes then behave like a photo's when it is scaled and encoded.
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 42/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A copy of `picture` (a baseline JPEG, a PNG or a lossy WebP, as sharp writes them) whose header
 * says it is `width` × `height`: the security probe's pictures, a few hundred bytes that claim
 * to be huge (the rest is missing: decoded, it is grey).
 */
export function claimingSize(picture: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(picture);
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    // IHDR, the first chunk: width and height, then its CRC over its type and data.
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
    return bytes;
  }
  if (bytes.subarray(8, 16).toString('latin1') === 'WEBPVP8 ') {
    // A lossy frame's header: 14 bits each, after its tag and start code.
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
    return bytes;
  }
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0])); // a JPEG's start of frame
  if (sof < 0) throw new Error('claimingSize takes a baseline JPEG, a PNG or a lossy WebP');
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}
