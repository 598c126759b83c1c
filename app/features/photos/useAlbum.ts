import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { errorCode } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type { Album, TripPhoto, UpdatePhotoBody } from '../../../shared/contracts/photos';
import {
  photoKeys,
  removePhotoFromCache,
  replacePhotoInCache,
  savePhotoInCache,
} from './photoCache';
import { sendPhoto, tripPhotosUrl } from './sendPhoto';
import { createUploadQueue, type UploadQueue } from './uploadQueue';

const photoUrl = (tripId: string, photoId: string) =>
  `${tripPhotosUrl(tripId)}/${encodeURIComponent(photoId)}`;

/** `GET /api/trips/:tripId/photos`: the trip's album, newest first, with its limits. */
export function useAlbum(tripId: string) {
  return useQuery<Album>({ queryKey: photoKeys.album(tripId) });
}

/** `PATCH /api/trips/:tripId/photos/:photoId`: a photo's caption (null: none). */
export function useUpdateCaption(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, caption }: { photoId: string } & UpdatePhotoBody) =>
      apiJson<TripPhoto>('PATCH', photoUrl(tripId, photoId), { caption }),
    onSuccess: (saved) => replacePhotoInCache(queryClient, tripId, saved),
  });
}

/**
 * `DELETE /api/trips/:tripId/photos/:photoId`; the photo leaves the album once the server has
 * deleted it. Already gone (another member deleted it) is what was asked for.
 */
export function useDeletePhoto(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoId: string) => {
      try {
        await apiRequest('DELETE', photoUrl(tripId, photoId));
      } catch (failure) {
        if (errorCode(failure) !== 'not_found') throw failure;
      }
    },
    onSuccess: (_answer, photoId) => removePhotoFromCache(queryClient, tripId, photoId),
  });
}

// One queue per trip for the app's life (per query client: each test has its own), so uploads
// carry on, and their list comes back, when the widget is collapsed, expanded or the trip
// switched and switched back.
const queues = new WeakMap<QueryClient, Map<string, UploadQueue>>();

function uploadQueueFor(queryClient: QueryClient, tripId: string) {
  let trips = queues.get(queryClient);
  if (!trips) {
    trips = new Map();
    queues.set(queryClient, trips);
  }
  let queue = trips.get(tripId);
  if (!queue) {
    queue = createUploadQueue<File>({
      send: (file, name, options, onProgress) => sendPhoto(tripId, file, name, options, onProgress),
      onUploaded: (photo) => savePhotoInCache(queryClient, tripId, photo),
    });
    trips.set(tripId, queue);
  }
  return queue;
}

/** This tab's uploads to the trip's album: the list to show, and the queue to act on. */
export function usePhotoUploads(tripId: string) {
  const queue = uploadQueueFor(useQueryClient(), tripId);
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const busy = uploads.some((upload) => upload.status !== 'failed');

  // Leaving the page would cut the uploads off: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [busy]);

  return { uploads, queue };
}
