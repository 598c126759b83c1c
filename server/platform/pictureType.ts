/** The picture types Tripmates can tell from their bytes. */
export type PictureType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'image/avif'
  | 'image/heic';

/** Bytes enough for every check below (an ISO media file names its brands in its first box). */
export const PICTURE_SNIFF_BYTES = 64;

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/**
 * AVIF and HEIC are ISO media files: a `ftyp` box first, naming a major brand and the brands the
 * file is compatible with. A HEIF file whose brands are only the generic `mif1` is read as HEIC,
 * since that is what phones write.
 */
function isoMediaType(data: Buffer): PictureType | null {
  if (!startsWith(data, ascii('ftyp'), 4)) return null;
  const boxSize = Math.min(data.readUInt32BE(0), data.length);
  const brands: string[] = [];
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    brands.push(data.toString('latin1', at, at + 4));
  }
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand) || brand === 'mif1' || brand === 'msf1')) {
    return 'image/heic';
  }
  return null;
}

/**
 * The picture type of `data` by its first bytes (its magic number), or null: a name or a
 * Content-Type is what the sender says, the bytes are what will be decoded.
 */
export function pictureType(data: Buffer): PictureType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return isoMediaType(data);
}
