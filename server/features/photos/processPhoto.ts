import fs from 'node:fs';
import path from 'node:path';
import type { Sharp } from 'sharp';
import {
  PHOTO_MEDIUM_PX,
  PHOTO_THUMBNAIL_PX,
  type PhotoVariant,
} from '../../../shared/contracts/photos';
import type { PictureType } from '../../platform/pictureType';
import { loadSharp, type OpenPicture, processPicture } from '../../platform/pictureWork';

/** A variant written to a local file, ready to store. */
export type MadeVariant = {
  variant: PhotoVariant;
  file: string;
  contentType: string;
  bytes: number;
};
export type ProcessedPhoto = { width: number; height: number; variants: MadeVariant[] };

/**
 * The full-size photo keeps its format where every browser shows it (JPEG, PNG, WebP); AVIF,
 * slow to encode and not shown everywhere, and HEIC become JPEG.
 *
 * A JPEG is written with plain Huffman tables: optimising them (sharp's default) keeps every DCT
 * coefficient of the picture until its end, 6 bytes a pixel (489 MB of the 527 the security
 * probe's 9,000 × 9,000 JPEG took), and glibc's allocator keeps much of that after: 8 uploads
 * of a 12-megapixel photo grew the server by 320-460 MB with them, 190 without. The file is 3-8 %
 * larger for a detailed photo (27 % for a smooth one); the thumbnail and medium are WebP.
 */
function fullFormat(type: PictureType) {
  if (type === 'image/png') return { contentType: 'image/png', encode: (s: Sharp) => s.png() };
  if (type === 'image/webp') {
    return { contentType: 'image/webp', encode: (s: Sharp) => s.webp({ quality: 90 }) };
  }
  return {
    contentType: 'image/jpeg',
    encode: (s: Sharp) => s.jpeg({ quality: 90, optimiseCoding: false }),
  };
}

/**
 * Makes a photo's variants from the uploaded file `input` into `workDir`: a thumbnail and a
 * medium size (WebP) and the full size, each upright (by the EXIF orientation) and with every
 * piece of metadata left out (sharp writes none unless asked: no EXIF with its GPS position, no
 * XMP, no IPTC, no ICC profile, the colours converted to sRGB). `original` is the upload itself,
 * untouched, when its uploader chose to keep it. Refused before it is decoded when it has more
 * pixels than its type may have (TooManyPixels); made in its turn within the memory budget of
 * every picture being processed (platform/pictureWork.ts).
 */
export async function processPhoto(
  input: string,
  type: PictureType,
  workDir: string,
  keepOriginal: boolean,
): Promise<ProcessedPhoto> {
  const processed = await processPicture(input, type, (picture) =>
    makeVariants(picture, type, workDir),
  );
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
  picture: OpenPicture,
  type: PictureType,
  workDir: string,
): Promise<ProcessedPhoto> {
  // The upload is decoded once, into the full size; the smaller sizes are made from that file,
  // already upright and in sRGB, which JPEG and WebP decode shrunk (an eighth or a quarter of
  // its pixels) and PNG line by line. Decoding the upload three times over, at once, held three
  // copies of what AVIF, HEIC, WebP and turned JPEGs hold whole.
  const full = fullFormat(type);
  const fullFile = path.join(workDir, 'full');
  const info = await full.encode(picture.open()).toFile(fullFile);
  const sharp = await loadSharp();
  const smaller = (variant: PhotoVariant, px: number, quality: number) =>
    sharp(fullFile, { failOn: 'error' })
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toFile(path.join(workDir, variant))
      .then((made) => ({
        variant,
        file: path.join(workDir, variant),
        contentType: 'image/webp',
        bytes: made.size,
      }));
  const [thumbnail, medium] = await Promise.all([
    smaller('thumbnail', PHOTO_THUMBNAIL_PX, 75),
    smaller('medium', PHOTO_MEDIUM_PX, 82),
  ]);
  return {
    width: info.width,
    height: info.height,
    variants: [
      thumbnail,
      medium,
      { variant: 'full', file: fullFile, contentType: full.contentType, bytes: info.size },
    ],
  };
}
