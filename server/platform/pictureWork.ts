import os from 'node:os';
import type { Sharp } from 'sharp';
import { PictureBudget } from './pictureBudget';
import type { PictureType } from './pictureType';

export { ProcessingBusy } from './pictureBudget';

/**
 * Every picture the server decodes — album photos (issue #23) and whiteboard pictures (#22) —
 * goes through here: its header is read first and a picture with more pixels than its type's
 * limit is refused before it is decoded; the others are processed within one memory budget
 * shared by both features, in the order they came.
 */

/** A picture the image library could not decode (damaged, or a format it was built without). */
export class UnreadablePicture extends Error {
  override name = 'UnreadablePicture';
}

/** More pixels than a picture of its type may have: refused before it is decoded. */
export class TooManyPixels extends Error {
  override name = 'TooManyPixels';
  constructor(
    readonly type: PictureType,
    readonly pixels: number,
  ) {
    super(`${pixels} pixels, over the ${maxMegapixels(type)} megapixels of a ${formatName(type)}`);
  }
}

const MB = 1024 * 1024;

/**
 * What the pictures being processed may hold together (security probe, point 4: a 292-byte JPEG
 * whose header said 9,000 × 9,000 took 527 MB while it was made into its sizes). It holds one
 * picture of its type's limit at a time; 12-megapixel photos (49 MB) go as many at once as
 * there are cores.
 */
export const PICTURE_BUDGET_BYTES = 256 * MB;

/**
 * What processing a picture holds at its peak, in bytes per pixel of the picture as sent, a
 * little over what VmHWM showed for the worst of each type at 49 megapixels (AVIF: 12 and 25)
 * on sharp 0.35.5 (libvips 8.18.7), its ~15 MB of fixed costs included. A JPEG streams through
 * (0.4) unless it is turned a quarter by its EXIF orientation, which holds it whole (3.4), and
 * its full size is written with plain Huffman tables (processPhoto.ts); a PNG streams unless
 * interlaced (4.25 with alpha); WebP's decoder and encoder each hold the whole picture (8.2);
 * GIF's decoder does (6.0); libheif decodes AVIF (and HEIC) into several whole copies (16.3).
 */
export const BYTES_PER_PIXEL: Record<PictureType, number> = {
  'image/jpeg': 4,
  'image/png': 4.5,
  'image/webp': 8.5,
  'image/gif': 6.5,
  'image/avif': 17,
  'image/heic': 17,
};

/**
 * Whatever the budget would allow, no picture is larger than a 50-megapixel phone photo
 * (8160 × 6120; 48-megapixel modes are 8064 × 6048): a full size past that is more than a
 * browser should be asked to draw.
 */
const MAX_MEGAPIXELS = 50;

/** What processing a picture of `pixels` pixels holds at its peak, in bytes. */
export const workingBytes = (type: PictureType, pixels: number) =>
  Math.ceil(pixels * BYTES_PER_PIXEL[type]);

/**
 * The most megapixels a picture of `type` may have: what the budget holds of that type, in
 * steps of 5 (JPEG and PNG 50, GIF 40, WebP 30, AVIF and HEIC 15).
 */
export function maxMegapixels(type: PictureType) {
  const fits = PICTURE_BUDGET_BYTES / BYTES_PER_PIXEL[type] / 1_000_000;
  return Math.min(MAX_MEGAPIXELS, Math.floor(fits / 5) * 5);
}

const FORMAT_NAMES: Record<PictureType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
  'image/heic': 'HEIC',
};
/** How the limits' messages name a type. */
export const formatName = (type: PictureType) => FORMAT_NAMES[type];

type SharpFunction = typeof import('sharp').default;
let loadingSharp: Promise<SharpFunction> | undefined;

/**
 * sharp, loaded with the first picture rather than at start: libvips is ~10 MB of memory and
 * 0.2 s of start-up that a server nobody sends a picture to never needs (issue #36).
 */
export function loadSharp(): Promise<SharpFunction> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Each picture is a new file, never asked for again: libvips' cache of operations (up to
    // 50 MB and 20 files by default) would only keep memory nobody uses.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/**
 * Pictures processed at once: never more than there are cores (libvips runs each on threads of
 * its own), and never more than the budget. Past 64 waiting, another is refused: it would wait
 * too long.
 */
const budget = new PictureBudget({
  bytes: PICTURE_BUDGET_BYTES,
  atOnce: Math.max(1, os.availableParallelism()),
  maxWaiting: 64,
});

/** A picture whose header has been read, ready to decode. */
export type OpenPicture = {
  /** As stored (before its EXIF orientation is applied); of an animation, its first frame. */
  width: number;
  height: number;
  pixels: number;
  /**
   * A new sharp pipeline over the picture: its first frame, turned upright by its EXIF
   * orientation, and refused if damaged. Nothing of its metadata is written unless asked.
   */
  open(): Sharp;
};

/**
 * Reads `input`'s header, refuses it if it has more pixels than its type's limit
 * (TooManyPixels) or cannot be read (UnreadablePicture), then runs `make` in its turn within
 * the budget. What `make` throws is the picture's fault: UnreadablePicture.
 */
export async function processPicture<T>(
  input: string | Buffer,
  type: PictureType,
  make: (picture: OpenPicture) => Promise<T>,
): Promise<T> {
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    // The header alone: sharp's own limit would call a larger picture unreadable, not too large.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch (error) {
    throw new UnreadablePicture((error as Error).message);
  }
  const pixels = width * height;
  const limit = maxMegapixels(type) * 1_000_000;
  if (pixels > limit) throw new TooManyPixels(type, pixels);
  const open = () =>
    // A truncated file is refused where libvips reports an error; sharp checks the limit again.
    sharp(input, { failOn: 'error', pages: 1, limitInputPixels: limit }).autoOrient();
  return budget.run(workingBytes(type, pixels), async () => {
    try {
      return await make({ width, height, pixels, open });
    } catch (error) {
      throw new UnreadablePicture((error as Error).message);
    }
  });
}
