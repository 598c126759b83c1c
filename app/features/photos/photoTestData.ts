import {
  type Album,
  DEFAULT_PHOTO_MAX_FILE_MB,
  DEFAULT_PHOTO_MAX_TRIP_MB,
  MAX_PHOTOS_PER_TRIP,
  photoFilePath,
  type TripPhoto,
} from '../../../shared/contracts/photos';

export const ALBUM_URL = '/api/trips/t1/photos';
const MB = 1024 * 1024;

/** A photo of trip t1's album as the server answers it; Bea (u2) added it by default. */
export function makeTripPhoto(id: string, overrides: Partial<TripPhoto> = {}): TripPhoto {
  return {
    id,
    caption: null,
    addedBy: { id: 'u2', name: 'Bea' },
    addedAt: '2026-11-03T09:30:00.000Z',
    fileName: `${id}.jpg`,
    width: 4000,
    height: 3000,
    bytes: 2 * MB,
    hasOriginal: false,
    src: {
      thumbnail: photoFilePath('t1', id, 'thumbnail'),
      medium: photoFilePath('t1', id, 'medium'),
      full: photoFilePath('t1', id, 'full'),
      original: null,
    },
    ...overrides,
  };
}

/** An album of `photos` (newest first) with the default limits, its room used by them. */
export function makeAlbum(photos: TripPhoto[] = []): Album {
  return {
    photos,
    limits: {
      fileBytes: DEFAULT_PHOTO_MAX_FILE_MB * MB,
      tripBytes: DEFAULT_PHOTO_MAX_TRIP_MB * MB,
      usedBytes: photos.reduce((sum, photo) => sum + photo.bytes, 0),
      maxPhotos: MAX_PHOTOS_PER_TRIP,
    },
  };
}
