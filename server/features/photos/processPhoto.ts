import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
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

// libvips runs each picture on several threads already: more pictures at once than cores only
// adds memory (a 48-megapixel photo decodes to ~150 MB), not speed.
const AT_ONCE = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
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
  const processed = await inTurn(() => makeVariants(input, type, workDir));
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
  const open = () => sharp(input, { failOn: 'error', pages: 1 }).autoOrient();
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
