import { mutationOptions, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { errorCode } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
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

type OfPhoto = { tripId: string; photoId: string };

/** The album's writes (issue #37: registered by key, run again from their variables alone). */
export const photoMutations = {
  /** `PATCH /api/trips/:tripId/photos/:photoId`: a photo's caption (null: none). */
  updateCaption: mutationOptions({
    mutationKey: ['photos', 'updateCaption'],
    mutationFn: ({ tripId, photoId, caption }: OfPhoto & UpdatePhotoBody) =>
      apiJson<TripPhoto>('PATCH', photoUrl(tripId, photoId), { caption }),
    onSuccess: (saved, { tripId }, _context, { client }) =>
      replacePhotoInCache(client, tripId, saved),
  }),

  /**
   * `DELETE /api/trips/:tripId/photos/:photoId`; the photo leaves the album once the server has
   * deleted it. Already gone (another member deleted it) is what was asked for.
   */
  delete: mutationOptions({
    mutationKey: ['photos', 'delete'],
    mutationFn: async ({ tripId, photoId }: OfPhoto) => {
      try {
        await apiRequest('DELETE', photoUrl(tripId, photoId));
      } catch (failure) {
        if (errorCode(failure) !== 'not_found') throw failure;
      }
    },
    onSuccess: (_answer, { tripId, photoId }, _context, { client }) =>
      removePhotoFromCache(client, tripId, photoId),
  }),
};

/** A photo's caption: `mutate({ photoId, caption })`. */
export function useUpdateCaption(tripId: string) {
  return useMutationWith(
    photoMutations.updateCaption,
    (change: { photoId: string } & UpdatePhotoBody) => ({ ...change, tripId }),
  );
}

/** Deletes a photo of the album: `mutate(photoId)`. */
export function useDeletePhoto(tripId: string) {
  return useMutationWith(photoMutations.delete, (photoId: string) => ({ tripId, photoId }));
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
