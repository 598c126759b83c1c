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
