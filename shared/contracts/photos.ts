import { z } from 'zod';
import { formatBytes } from '../bytes';
import type { SharedFeature } from '../featureContract';
import { newItemId, uuidParam } from './params';
import { text } from './text';
import { tripParams } from './trips';

/**
 * Photo sharing (issue #23): the group's own pictures, one album per trip. A photo is uploaded as
 * its own bytes, made into a thumbnail, a medium and a full-size variant on the server (turned
 * upright, every piece of metadata removed: EXIF can carry where it was taken), and served only
 * to the trip's members. The original file is kept as sent only when the person asks for it.
 */

/** Types a photo may be, read from its bytes (not its name). HEIC is read when the server can. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** What the file chooser offers (HEIC too: the server says clearly when it cannot read one). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif';

/** The sizes a photo is kept in. `original` exists only when its uploader chose to keep it. */
export const PHOTO_VARIANTS = ['thumbnail', 'medium', 'full', 'original'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
/** Longest side of the thumbnail (the carousel's and the grid's squares, at 2× density). */
export const PHOTO_THUMBNAIL_PX = 480;
/** Longest side of the medium variant (the carousel's stage, the viewer on a phone or laptop). */
export const PHOTO_MEDIUM_PX = 1600;

export const PHOTO_CAPTION_MAX = 500;
export const PHOTO_NAME_MAX = 255;
/** A trip's album holds at most this many photos, whatever their size (issue #16's ceilings). */
export const MAX_PHOTOS_PER_TRIP = 2000;
/** Defaults of the PHOTO_MAX_FILE_MB and PHOTO_MAX_TRIP_MB settings. */
export const DEFAULT_PHOTO_MAX_FILE_MB = 25;
export const DEFAULT_PHOTO_MAX_TRIP_MB = 2048;
/** How many photos one browser uploads at once; the others wait their turn. */
export const PHOTO_UPLOADS_AT_ONCE = 2;

export const PHOTO_MESSAGES = {
  notFound: 'That photo is not on this trip (any more).',
  tooLarge: (name: string, limitBytes: number) =>
    `“${name}” is too large: a photo can be up to ${formatBytes(limitBytes)}.`,
  notAPhoto: (name: string) =>
    `“${name}” is not a photo Tripmates can use. Choose a JPEG, PNG, WebP or AVIF picture.`,
  heic: (name: string) =>
    `“${name}” is a HEIC photo, which Tripmates cannot read yet. Share it as a JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible).`,
  unreadable: (name: string) =>
    `“${name}” could not be read as a picture: it may be damaged. Try exporting it again.`,
  /**
   * A picture's memory is its pixels, whatever its file's size: the server's limit by type
   * (server/platform/pictureWork.ts), e.g. `format` "JPEG" and 50 megapixels.
   */
  tooManyPixels: (name: string, format: string, megapixels: number) =>
    `“${name}” has too many pixels: a ${format} photo can be up to ${megapixels} megapixels. Save it smaller and add it again.`,
  busy: 'Tripmates is making many photos ready just now. Try again in a minute.',
  storageDown: 'Photos cannot be stored or shown just now. Try again in a minute.',
  albumFull: (limitBytes: number) =>
    `This trip’s album is full (${formatBytes(limitBytes)}). Delete some photos to make room.`,
  tooMany: `A trip’s album holds at most ${MAX_PHOTOS_PER_TRIP.toLocaleString('en')} photos. Delete some to add more.`,
  notYours: 'Only the person who added a photo, or the trip’s owner, can change or delete it.',
  emptyUpload: (name: string) => `“${name}” is empty.`,
  caption: `A caption is at most ${PHOTO_CAPTION_MAX} characters`,
  captionNotText: 'The caption must be text',
  name: `A file name is 1 to ${PHOTO_NAME_MAX} characters`,
  keepOriginal: 'keepOriginal must be true or false',
  noOriginal: 'The original of this photo was not kept: download the full-size photo instead.',
  interrupted: 'The upload stopped before the whole photo arrived. Try again.',
} as const;

const caption = text({ error: PHOTO_MESSAGES.captionNotText })
  .trim()
  .max(PHOTO_CAPTION_MAX, PHOTO_MESSAGES.caption)
  // An empty caption is no caption.
  .transform((value) => value || null);

/**
 * `POST /api/trips/:tripId/photos?name=&caption=&keepOriginal=&id=`: the body is the file's own
 * bytes (any Content-Type; the server reads the type from the bytes), so it streams to storage.
 * `id`, if given, is the client's choice (`newItemId`): an upload sent again adds the photo once.
 */
export const uploadPhotoQuery = z.object({
  id: newItemId.optional(),
  name: text({ error: PHOTO_MESSAGES.name })
    .trim()
    .min(1, PHOTO_MESSAGES.name)
    .max(PHOTO_NAME_MAX, PHOTO_MESSAGES.name),
  caption: caption.optional(),
  keepOriginal: z
    .enum(['true', 'false'], { error: PHOTO_MESSAGES.keepOriginal })
    .default('false')
    .transform((value) => value === 'true'),
});
export type UploadPhotoQuery = z.input<typeof uploadPhotoQuery>;

/** `PATCH /api/trips/:tripId/photos/:photoId`. */
export const updatePhotoBody = z.object({ caption: caption.nullable() });
export type UpdatePhotoBody = z.input<typeof updatePhotoBody>;

export const photoParams = tripParams.extend({
  photoId: uuidParam(PHOTO_MESSAGES.notFound),
});
export const photoFileParams = photoParams.extend({
  variant: z.enum(PHOTO_VARIANTS, { error: PHOTO_MESSAGES.notFound }),
});
/** `?download=1`: served as an attachment named after the photo's file. */
export const photoFileQuery = z.object({ download: z.enum(['1']).optional() });

/** A photo in a trip's album, as every member sees it. */
export const tripPhoto = z.object({
  id: z.string(),
  caption: z.string().nullable(),
  addedBy: z.object({ id: z.string(), name: z.string() }),
  addedAt: z.iso.datetime({ offset: true }),
  /** The file's name as chosen (downloads are named after it). */
  fileName: z.string(),
  /** Of the full-size photo, upright. */
  width: z.number().int(),
  height: z.number().int(),
  /** What the photo takes of the album's room: every variant, and the original if kept. */
  bytes: z.number().int(),
  hasOriginal: z.boolean(),
  /** Members-only addresses of each variant (`original`: null unless kept). */
  src: z.object({
    thumbnail: z.string(),
    medium: z.string(),
    full: z.string(),
    original: z.string().nullable(),
  }),
});
export type TripPhoto = z.infer<typeof tripPhoto>;

/** `GET /api/trips/:tripId/photos`: newest first, with what the album may still take. */
export const album = z.object({
  photos: z.array(tripPhoto),
  limits: z.object({
    /** The largest file a photo can be. */
    fileBytes: z.number().int(),
    /** The album's room, and how much of it is used. */
    tripBytes: z.number().int(),
    usedBytes: z.number().int(),
    maxPhotos: z.number().int(),
  }),
});
export type Album = z.infer<typeof album>;

/** The address of one variant of a photo (what `src` holds). */
export function photoFilePath(tripId: string, photoId: string, variant: PhotoVariant) {
  return `/api/trips/${tripId}/photos/${photoId}/${variant}`;
}

/** What the album adds to the shared lists (shared/contracts/features.ts). */
export const photosShared = {
  lists: { photos: tripPhoto },
  commentSubjects: ['photo'],
  activity: {
    'photo.added': { deed: () => 'added a photo', counted: ['added', 'photos'] },
    'photo.deleted': { deed: () => 'deleted a photo' },
  },
} as const satisfies SharedFeature;
