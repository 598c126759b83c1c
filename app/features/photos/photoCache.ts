import type { QueryClient } from '@tanstack/react-query';
import type { LiveList } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import type { Album, TripPhoto } from '../../../shared/contracts/photos';

export const photoKeys = {
  album: (tripId: string) => [...tripKeys.trip(tripId), 'photos'] as const,
};

/**
 * The cached album of a trip (newest first): this tab's uploads, caption changes and deletions
 * and other members' live ones go through here. The room used follows each photo's `bytes`, so
 * what the album can still take stays right without a refetch. An album that is not loaded
 * stays so (it loads whole when it is shown).
 */
function updateAlbum(queryClient: QueryClient, tripId: string, change: (album: Album) => Album) {
  queryClient.setQueryData<Album>(photoKeys.album(tripId), (album) => album && change(album));
}

// Photos this tab knows are deleted (ids are never reused). A caption change saved just before
// a deletion can arrive after it; it must not bring the photo back.
const deletedPhotos = new WeakMap<QueryClient, Set<string>>();
function deletedIn(queryClient: QueryClient) {
  let ids = deletedPhotos.get(queryClient);
  if (!ids) {
    ids = new Set();
    deletedPhotos.set(queryClient, ids);
  }
  return ids;
}

/** A photo added (at the front: it is the newest) or changed (in its place). */
export function savePhotoInCache(queryClient: QueryClient, tripId: string, photo: TripPhoto) {
  if (deletedIn(queryClient).has(photo.id)) return;
  updateAlbum(queryClient, tripId, (album) => {
    const old = album.photos.find((other) => other.id === photo.id);
    const photos = old
      ? album.photos.map((other) => (other.id === photo.id ? photo : other))
      : [photo, ...album.photos];
    const usedBytes = album.limits.usedBytes - (old?.bytes ?? 0) + photo.bytes;
    return { photos, limits: { ...album.limits, usedBytes } };
  });
}

/**
 * The answer to a caption change: a photo another member deleted meanwhile must not come back.
 */
export function replacePhotoInCache(queryClient: QueryClient, tripId: string, photo: TripPhoto) {
  updateAlbum(queryClient, tripId, (album) =>
    album.photos.some((other) => other.id === photo.id)
      ? { ...album, photos: album.photos.map((other) => (other.id === photo.id ? photo : other)) }
      : album,
  );
}

export function removePhotoFromCache(queryClient: QueryClient, tripId: string, photoId: string) {
  deletedIn(queryClient).add(photoId);
  updateAlbum(queryClient, tripId, (album) => {
    const gone = album.photos.find((photo) => photo.id === photoId);
    if (!gone) return album;
    return {
      photos: album.photos.filter((photo) => photo.id !== photoId),
      limits: { ...album.limits, usedBytes: Math.max(0, album.limits.usedBytes - gone.bytes) },
    };
  });
}

/** Another member's photo added, captioned or deleted. */
export const photoLive: LiveList<'photos'> = {
  writes: (tripId) => [photoKeys.album(tripId)],
  saved: savePhotoInCache,
  removed: removePhotoFromCache,
};
