import path from 'node:path';
import { PHOTO_MESSAGES, PHOTO_TYPES } from '../../../shared/contracts/photos';
import { HttpError } from '../../platform/errors';
import { type PictureType, pictureType } from '../../platform/pictureType';
import {
  formatName,
  maxMegapixels,
  ProcessingBusy,
  TooManyPixels,
  UnreadablePicture,
} from '../../platform/pictureWork';
import { processPhoto } from './processPhoto';
import { receiveUpload, UploadTooLarge } from './receiveUpload';
import type { PhotoFiles, Upload } from './service';

/** What a refused picture upload says, in the words of the feature that receives it. */
export type PictureRefusals = {
  tooLarge: string;
  interrupted: string;
  empty: string;
  notAPicture: string;
  heic: string;
  unreadable: string;
  tooManyPixels: (format: string, megapixels: number) => string;
  busy: string;
};

/**
 * A picture upload (`body`, its own bytes) received into `workDir` and handed to `make`, or the
 * refusal a person can act on: too large (413), empty or cut short (400), not a picture of a type
 * `accepts` by its bytes (415), too many pixels or undecodable (422), or busy (503). `make` runs
 * the picture through platform/pictureWork.ts, whose errors are turned into those refusals.
 */
export async function receivePicture<T>(options: {
  body: NodeJS.ReadableStream;
  workDir: string;
  maxBytes: number;
  refusals: PictureRefusals;
  accepts: (type: PictureType | null) => type is PictureType;
  make: (input: string, type: PictureType) => Promise<T>;
}): Promise<T> {
  const { refusals } = options;
  const input = path.join(options.workDir, 'upload');
  let received: { bytes: number; head: Buffer };
  try {
    received = await receiveUpload(options.body, input, options.maxBytes);
  } catch (error) {
    if (error instanceof UploadTooLarge) throw new HttpError('body_too_large', refusals.tooLarge);
    throw new HttpError('invalid_input', refusals.interrupted);
  }
  if (received.bytes === 0) throw new HttpError('invalid_input', refusals.empty);
  const type = pictureType(received.head);
  if (!options.accepts(type)) throw new HttpError('unsupported_media_type', refusals.notAPicture);
  try {
    return await options.make(input, type);
  } catch (error) {
    if (error instanceof TooManyPixels) {
      const message = refusals.tooManyPixels(formatName(error.type), maxMegapixels(error.type));
      throw new HttpError('unreadable_image', message);
    }
    if (error instanceof ProcessingBusy) throw new HttpError('unavailable', refusals.busy);
    if (!(error instanceof UnreadablePicture)) throw error;
    const message = type === 'image/heic' ? refusals.heic : refusals.unreadable;
    throw new HttpError('unreadable_image', message);
  }
}

/**
 * An upload received into `workDir` and made into its variants, or the refusal a person can act
 * on, naming the file: too large, empty, not a photo by its bytes, too many pixels, undecodable,
 * or busy.
 */
export function receiveAndProcess(files: PhotoFiles, workDir: string, upload: Upload) {
  const { name } = upload;
  return receivePicture({
    body: upload.body,
    workDir,
    maxBytes: files.maxFileBytes,
    refusals: {
      tooLarge: PHOTO_MESSAGES.tooLarge(name, files.maxFileBytes),
      interrupted: PHOTO_MESSAGES.interrupted,
      empty: PHOTO_MESSAGES.emptyUpload(name),
      notAPicture: PHOTO_MESSAGES.notAPhoto(name),
      heic: PHOTO_MESSAGES.heic(name),
      unreadable: PHOTO_MESSAGES.unreadable(name),
      tooManyPixels: (format, megapixels) => PHOTO_MESSAGES.tooManyPixels(name, format, megapixels),
      busy: PHOTO_MESSAGES.busy,
    },
    accepts: isPhotoType,
    make: (input, type) => processPhoto(input, type, workDir, upload.keepOriginal),
  });
}

// HEIC goes to the image library too: it is kept if the library can decode it.
function isPhotoType(type: PictureType | null): type is PictureType {
  return type === 'image/heic' || PHOTO_TYPES.some((known) => known === type);
}
