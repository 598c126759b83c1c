import type { Sharp } from 'sharp';
import {
  WHITEBOARD_PICTURE_MAX_PX,
  type WhiteboardFileType,
} from '../../../shared/contracts/whiteboard';
import { processPicture } from '../../platform/pictureWork';

const ENCODE: Record<WhiteboardFileType, (picture: Sharp) => Sharp> = {
  'image/png': (picture) => picture.png(),
  'image/jpeg': (picture) => picture.jpeg({ quality: 90 }),
  'image/webp': (picture) => picture.webp({ quality: 90 }),
  // The first frame only: Excalidraw draws a picture on its canvas once, so an animation never
  // plays on a whiteboard, and every frame would be decoded (and quantised again) for nothing.
  'image/gif': (picture) => picture.gif(),
};

/**
 * A picture pasted on a whiteboard as every member gets it (security probe, point 8): in the
 * type it was sent in, upright, with no metadata (a phone's JPEG carries where it was taken in
 * its EXIF, and Excalidraw's own shrinking keeps it), at most WHITEBOARD_PICTURE_MAX_PX on its
 * longer side (a 20,000 × 20,000 PNG would be 1.6 GB to draw in each member's browser). Refused
 * as album photos are: more pixels than its type may have (TooManyPixels), or unreadable; made
 * in its turn within the memory budget it shares with them (platform/pictureWork.ts).
 */
export function processWhiteboardPicture(data: Buffer, type: WhiteboardFileType) {
  return processPicture(data, type, ({ open }) =>
    ENCODE[type](
      open().resize(WHITEBOARD_PICTURE_MAX_PX, WHITEBOARD_PICTURE_MAX_PX, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ).toBuffer(),
  );
}
