import { ApiError } from '@/lib/apiError';
import { TAB_ID } from '@/lib/tabId';
import { CLIENT_ID_HEADER } from '../../../shared/clientId';
import type { TripPhoto } from '../../../shared/contracts/photos';
import type { Transfer, UploadOptions } from './uploadQueue';

export const tripPhotosUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/photos`;

/**
 * `POST /api/trips/:tripId/photos?name=&keepOriginal=&id=` with the file's own bytes as the body,
 * so the server streams it to storage; `id` is the photo's, chosen by the queue. XMLHttpRequest rather than fetch: fetch cannot tell how much
 * of a request body has gone. A refusal rejects with an ApiError (the server's message names the
 * file), a lost connection with a TypeError, as fetch would.
 */
export function sendPhoto(
  tripId: string,
  file: File,
  name: string,
  { keepOriginal, id }: UploadOptions & { id: string },
  onProgress: (sent: number) => void,
): Transfer {
  const query = new URLSearchParams({ name, keepOriginal: String(keepOriginal), id });
  const xhr = new XMLHttpRequest();
  xhr.open('POST', `${tripPhotosUrl(tripId)}?${query}`);
  // The server reads the type from the bytes; this only tells a proxy what passes.
  xhr.setRequestHeader(
    'Content-Type',
    file.type.startsWith('image/') ? file.type : 'application/octet-stream',
  );
  // The live echo of this upload is not sent back to this tab, which adds the photo itself.
  xhr.setRequestHeader(CLIENT_ID_HEADER, TAB_ID);
  const done = new Promise<TripPhoto>((resolve, reject) => {
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as TripPhoto);
        } catch {
          reject(new ApiError(xhr.status, xhr.responseText));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new TypeError('The upload was cut off'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
  });
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
}
