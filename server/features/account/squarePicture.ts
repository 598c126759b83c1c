import { PROFILE_PICTURE_PX } from '../../../shared/contracts/account';
import type { PictureType } from '../../platform/pictureType';
import { processPicture } from '../../platform/pictureWork';

/**
 * A profile picture as everyone gets it (issue #38 item 9), written to `output`: upright (by its
 * EXIF orientation), cut to the largest square in its middle, at most PROFILE_PICTURE_PX a side
 * (a smaller picture is not enlarged), as WebP. Nothing of the file's metadata is written (sharp
 * writes none unless asked): no EXIF, so no camera and no GPS position; no XMP, IPTC or colour
 * profile (the colours are converted to sRGB). Refused, and made in its turn within the memory
 * budget, as every picture the server decodes (platform/pictureWork.ts).
 */
export function makeSquarePicture(input: string, type: PictureType, output: string) {
  return processPicture(input, type, async ({ width, height, open }) => {
    // Turning a picture a quarter swaps its sides, not its shorter one: the square is the same.
    const side = Math.max(1, Math.min(PROFILE_PICTURE_PX, width, height));
    const made = await open()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toFile(output);
    return { bytes: made.size, side };
  });
}
