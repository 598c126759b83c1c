import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  PHOTO_MAX_PIXELS,
  PHOTO_MEDIUM_PX,
  PHOTO_THUMBNAIL_PX,
  type PhotoVariant,
} from '../../../shared/contracts/photos';
import type { PictureType } from '../../platform/pictureType';

/** A variant written to a local file, ready to store. */
export type MadeVariant = {
  variant: PhotoVariant;
  file: string;
  contentType: string;
  bytes: number;
};
export type ProcessedPhoto = { width: number; height: number; variants: MadeVariant[] };

/** A picture the image library could not decode (damaged, or a format it was built without). */
export class UnreadablePicture extends Error {
  override name = 'UnreadablePicture';
}

/** More pixels than a photo may have (PHOTO_MAX_PIXELS): refused before it is decoded. */
export class TooManyPixels extends Error {
  override name = 'TooManyPixels';
}

/** So many photos wait to be processed that another would wait too long: try again later. */
export class ProcessingBusy extends Error {
  override name = 'ProcessingBusy';
}

// A picture's memory is its pixels (3-4 bytes each, twice over while it is turned upright), not
// its file: a 1.5 MB JPEG can hold 256 megapixels. Photos are processed while the pixels in
// hand stay within one largest photo's, and never more at once than there are cores (libvips
// runs each on several threads already, so more adds memory, not speed). Others wait their
// turn, in order; past a queue this long they are refused.
const PIXEL_BUDGET = PHOTO_MAX_PIXELS;
const AT_ONCE = Math.max(1, os.availableParallelism());
const MAX_WAITING = 64;
let running = 0;
let pixelsInHand = 0;
const waiting: { pixels: number; start: () => void }[] = [];

const fits = (pixels: number) =>
  running === 0 || (running < AT_ONCE && pixelsInHand + pixels <= PIXEL_BUDGET);

function admitWaiting() {
  while (waiting.length > 0 && fits(waiting[0]!.pixels)) {
    const next = waiting.shift()!;
    running += 1;
    pixelsInHand += next.pixels;
    next.start();
  }
}

async function inTurn<T>(pixels: number, work: () => Promise<T>): Promise<T> {
  if (waiting.length === 0 && fits(pixels)) {
    running += 1;
    pixelsInHand += pixels;
  } else {
    if (waiting.length >= MAX_WAITING) throw new ProcessingBusy(`${waiting.length} waiting`);
    await new Promise<void>((start) => waiting.push({ pixels, start }));
  }
  try {
    return await work();
  } finally {
    running -= 1;
    pixelsInHand -= pixels;
    admitWaiting();
  }
}

/** How many pixels the picture's (first) frame has, read from its header alone. */
async function pixelsOf(input: string): Promise<number> {
  try {
    const meta = await sharp(input).metadata();
    return (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  } catch (error) {
    throw new UnreadablePicture((error as Error).message);
  }
}

/**
 * The full-size photo keeps its format where every browser shows it (JPEG, PNG, WebP); AVIF,
 * slow to encode and not shown everywhere, and HEIC become JPEG.
 */
function fullFormat(type: PictureType) {
  if (type === 'image/png') return { contentType: 'image/png', encode: (s: Sharp) => s.png() };
  if (type === 'image/webp') {
    return { contentType: 'image/webp', encode: (s: Sharp) => s.webp({ quality: 90 }) };
  }
  return { contentType: 'image/jpeg', encode: (s: Sharp) => s.jpeg({ quality: 90 }) };
}

/**
 * Makes a photo's variants from the uploaded file `input` into `workDir`: a thumbnail and a
 * medium size (WebP) and the full size, each turned upright by its EXIF orientation and with
 * every piece of metadata left out (sharp writes none unless asked: no EXIF with its GPS
 * position, no XMP, no IPTC, no ICC profile, the colours converted to sRGB). `original` is the
 * upload itself, untouched, when its uploader chose to keep it.
 */
export async function processPhoto(
  input: string,
  type: PictureType,
  workDir: string,
  keepOriginal: boolean,
): Promise<ProcessedPhoto> {
  const pixels = await pixelsOf(input);
  if (pixels > PHOTO_MAX_PIXELS) throw new TooManyPixels(`${pixels} pixels`);
  const processed = await inTurn(pixels, () => makeVariants(input, type, workDir));
  if (!keepOriginal) return processed;
  const { size } = await fs.promises.stat(input);
  const original: MadeVariant = {
    variant: 'original',
    file: input,
    contentType: type,
    bytes: size,
  };
  return { ...processed, variants: [...processed.variants, original] };
}

async function makeVariants(
  input: string,
  type: PictureType,
  workDir: string,
): Promise<ProcessedPhoto> {
  // Only the first frame of an animated picture; a truncated file is refused, not half-kept.
  const open = () =>
    sharp(input, { failOn: 'error', pages: 1, limitInputPixels: PHOTO_MAX_PIXELS }).autoOrient();
  const full = fullFormat(type);
  const outputs: { variant: PhotoVariant; contentType: string; make: Sharp }[] = [
    {
      variant: 'thumbnail',
      contentType: 'image/webp',
      make: open()
        .resize(PHOTO_THUMBNAIL_PX, PHOTO_THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 }),
    },
    {
      variant: 'medium',
      contentType: 'image/webp',
      make: open()
        .resize(PHOTO_MEDIUM_PX, PHOTO_MEDIUM_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 }),
    },
    { variant: 'full', contentType: full.contentType, make: full.encode(open()) },
  ];
  try {
    const made = await Promise.all(
      outputs.map(async ({ variant, contentType, make }) => {
        const file = path.join(workDir, variant);
        const info = await make.toFile(file);
        return { variant, file, contentType, bytes: info.size, info };
      }),
    );
    const { info } = made.find((item) => item.variant === 'full')!;
    return {
      width: info.width,
      height: info.height,
      variants: made.map(({ variant, file, contentType, bytes }) => ({
        variant,
        file,
        contentType,
        bytes,
      })),
    };
  } catch (error) {
    throw new UnreadablePicture((error as Error).message);
  }
}
