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

/**
 * An upload received into `workDir` and made into its variants, or the refusal a person can act
 * on: too large, empty, not a photo by its bytes, too many pixels, undecodable, or busy.
 */
export async function receiveAndProcess(files: PhotoFiles, workDir: string, upload: Upload) {
  const { name } = upload;
  const input = path.join(workDir, 'upload');
  let received: { bytes: number; head: Buffer };
  try {
    received = await receiveUpload(upload.body, input, files.maxFileBytes);
  } catch (error) {
    if (error instanceof UploadTooLarge) {
      throw new HttpError('body_too_large', PHOTO_MESSAGES.tooLarge(name, files.maxFileBytes));
    }
    throw new HttpError('invalid_input', PHOTO_MESSAGES.interrupted);
  }
  if (received.bytes === 0) throw new HttpError('invalid_input', PHOTO_MESSAGES.emptyUpload(name));
  const type = pictureType(received.head);
  if (!isPhotoType(type)) {
    throw new HttpError('unsupported_media_type', PHOTO_MESSAGES.notAPhoto(name));
  }
  try {
    return await processPhoto(input, type, workDir, upload.keepOriginal);
  } catch (error) {
    if (error instanceof TooManyPixels) {
      const message = PHOTO_MESSAGES.tooManyPixels(
        name,
        formatName(error.type),
        maxMegapixels(error.type),
      );
      throw new HttpError('unreadable_image', message);
    }
    if (error instanceof ProcessingBusy) throw new HttpError('unavailable', PHOTO_MESSAGES.busy);
    if (!(error instanceof UnreadablePicture)) throw error;
    const message =
      type === 'image/heic' ? PHOTO_MESSAGES.heic(name) : PHOTO_MESSAGES.unreadable(name);
    throw new HttpError('unreadable_image', message);
  }
}

// HEIC goes to the image library too: it is kept if the library can decode it.
function isPhotoType(type: PictureType | null): type is PictureType {
  return type === 'image/heic' || PHOTO_TYPES.some((known) => known === type);
}
