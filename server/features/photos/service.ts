import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, sum } from 'drizzle-orm';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import {
  type Album,
  MAX_PHOTOS_PER_TRIP,
  PHOTO_MESSAGES,
  type PhotoVariant,
  photoFilePath,
  type TripPhoto,
} from '../../../shared/contracts/photos';
import { canChangeItem, type TripViewer } from '../../../shared/itemPolicy';
import type { Db, Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { recordActivity } from '../activity/record';
import { type ChangeContext, inTransaction } from '../live';
import { memberName } from '../trips/access';
import { assertRoomFor, deleteTripItem, idTaken, isRepeatedCreate } from '../trips/items';
import { receiveAndProcess } from './receivePhoto';
import { stagedKeys } from './stagedKeys';
import type { PhotoStorage, StoredFile } from './storage';
import { tripPhotos } from './tables';

/** What the photo feature works with besides the database: its storage and its limits. */
export type PhotoFiles = {
  storage: PhotoStorage;
  /** Where uploads are received and processed before they are stored (DATA_DIR/uploads). */
  workDir: string;
  maxFileBytes: number;
  maxTripBytes: number;
};

/** Who is asking: their id and their role on the trip. */
const photoColumns = {
  id: tripPhotos.id,
  tripId: tripPhotos.tripId,
  caption: tripPhotos.caption,
  fileName: tripPhotos.fileName,
  width: tripPhotos.width,
  height: tripPhotos.height,
  bytes: tripPhotos.bytes,
  variants: tripPhotos.variants,
  storageKeys: tripPhotos.storageKeys,
  createdAt: tripPhotos.createdAt,
  creatorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};
type PhotoRow = {
  id: string;
  tripId: string;
  caption: string | null;
  fileName: string;
  width: number;
  height: number;
  bytes: number;
  variants: Record<string, string>;
  storageKeys: string[];
  createdAt: Date;
  creatorId: string;
  firstName: string | null;
  lastName: string | null;
  username: string;
};

function toTripPhoto(row: PhotoRow): TripPhoto {
  const src = (variant: PhotoVariant) => photoFilePath(row.tripId, row.id, variant);
  const hasOriginal = 'original' in row.variants;
  return {
    id: row.id,
    caption: row.caption,
    addedBy: { id: row.creatorId, name: memberName(row) },
    addedAt: row.createdAt.toISOString(),
    fileName: row.fileName,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    hasOriginal,
    src: {
      thumbnail: src('thumbnail'),
      medium: src('medium'),
      full: src('full'),
      original: hasOriginal ? src('original') : null,
    },
  };
}

const selectPhotos = (db: Db) =>
  db.select(photoColumns).from(tripPhotos).innerJoin(users, eq(users.id, tripPhotos.createdBy));

async function findPhoto(db: Db, tripId: string, photoId: string): Promise<PhotoRow> {
  const [row] = await selectPhotos(db).where(
    and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.id, photoId)),
  );
  if (!row) throw new HttpError('not_found', PHOTO_MESSAGES.notFound);
  return row;
}

async function usedBytes(db: Db | Tx, tripId: string): Promise<number> {
  const [row] = await db
    .select({ used: sum(tripPhotos.bytes).mapWith(Number) })
    .from(tripPhotos)
    .where(eq(tripPhotos.tripId, tripId));
  return row?.used ?? 0;
}

/** The photos `userId` added, on every trip: an account's deletion takes them with it. */
export function photosAddedBy(db: Db | Tx, userId: string) {
  return db
    .select({ id: tripPhotos.id, tripId: tripPhotos.tripId })
    .from(tripPhotos)
    .where(eq(tripPhotos.createdBy, userId));
}

/** The trip's album, newest first, and how much room it has left. */
export async function listAlbum(db: Db, files: PhotoFiles, tripId: string): Promise<Album> {
  const [rows, used] = await Promise.all([
    selectPhotos(db)
      .where(eq(tripPhotos.tripId, tripId))
      .orderBy(desc(tripPhotos.createdAt), desc(tripPhotos.id)),
    usedBytes(db, tripId),
  ]);
  return {
    photos: rows.map(toTripPhoto),
    limits: {
      fileBytes: files.maxFileBytes,
      tripBytes: files.maxTripBytes,
      usedBytes: used,
      maxPhotos: MAX_PHOTOS_PER_TRIP,
    },
  };
}

export type Upload = {
  tripId: string;
  userId: string;
  /** The client's id for the photo (issue #37), if it chose one. */
  id?: string;
  name: string;
  caption: string | null;
  keepOriginal: boolean;
  /** The request body, the file's own bytes. */
  body: NodeJS.ReadableStream;
  /** What Content-Length said, if anything: checked before a byte is read. */
  declaredBytes: number | null;
};

/** Storage down or refusing: the person is told to try again (503), the log says why. */
function storageDown(cause: unknown) {
  return new HttpError('unavailable', PHOTO_MESSAGES.storageDown, { cause });
}

const albumFull = (files: PhotoFiles) =>
  new HttpError('album_full', PHOTO_MESSAGES.albumFull(files.maxTripBytes));

/**
 * Issue #23: receives a photo (streamed to a file under `workDir`), makes its variants, stores
 * them, and saves its row, announcing it to the trip. Refused with a message naming the file:
 * too large (413), not a JPEG, PNG, WebP or AVIF picture by its bytes (415), a picture that cannot
 * be decoded, a HEIC photo without a decoder or more pixels than its type may have (422), an
 * album without room (413 `album_full`, 403 `item_limit`), too many photos waiting to be made (503).
 * The same `id` sent again answers the photo it added, before a byte is read.
 */
export async function createPhoto(
  context: ChangeContext,
  files: PhotoFiles,
  upload: Upload,
): Promise<TripPhoto> {
  const { tripId, name } = upload;
  const { db } = context;
  const sentAgain = (tx: Db | Tx) =>
    isRepeatedCreate(tx, tripPhotos, tripId, upload.id, upload.userId);
  if (await sentAgain(db)) return toTripPhoto(await findPhoto(db, tripId, upload.id!));
  if (upload.declaredBytes !== null) {
    if (upload.declaredBytes > files.maxFileBytes) {
      throw new HttpError('body_too_large', PHOTO_MESSAGES.tooLarge(name, files.maxFileBytes));
    }
    // A quick refusal when the album is plainly full; the save below checks again, exactly.
    if ((await usedBytes(db, tripId)) + upload.declaredBytes > files.maxTripBytes) {
      throw albumFull(files);
    }
  }

  await fs.promises.mkdir(files.workDir, { recursive: true });
  const workDir = await fs.promises.mkdtemp(path.join(files.workDir, 'upload-'));
  try {
    const processed = await receiveAndProcess(files, workDir, upload);
    const photoId = upload.id ?? randomUUID();
    // The files' folder is the photo's id, unless the client chose the id: two uploads of it at
    // once must not write over each other's files (the one not saved deletes its own).
    const folder = upload.id ? randomUUID() : photoId;
    const stored = processed.variants.map((made) => ({
      ...made,
      key: `trips/${tripId}/${folder}/${made.variant}`,
    }));
    const keys = stored.map((item) => item.key);
    await stagedKeys.stage(db, keys);
    try {
      // Every write settles before anything is decided: a failed one must not have the sweeper
      // delete the keys while another is still writing its file (it would stay for good).
      const writes = await Promise.allSettled(
        stored.map((item) => files.storage.put(item.key, item.file, item.contentType)),
      );
      const failed = writes.find((write) => write.status === 'rejected');
      if (failed) throw storageDown(failed.reason);
      const bytes = stored.reduce((total, item) => total + item.bytes, 0);
      const saved = await inTransaction(context, async ({ db: tx, live }) => {
        // The same upload sent twice at once: the other one, saved first, is the photo.
        if (await sentAgain(tx)) return null;
        await assertRoomFor(tx, tripPhotos, tripId, {
          max: MAX_PHOTOS_PER_TRIP,
          message: PHOTO_MESSAGES.tooMany,
        });
        if ((await usedBytes(tx, tripId)) + bytes > files.maxTripBytes) throw albumFull(files);
        const [inserted] = await tx
          .insert(tripPhotos)
          .values({
            id: photoId,
            tripId,
            createdBy: upload.userId,
            caption: upload.caption,
            fileName: name,
            width: processed.width,
            height: processed.height,
            bytes,
            variants: Object.fromEntries(stored.map((item) => [item.variant, item.contentType])),
            storageKeys: keys,
          })
          .onConflictDoNothing({ target: tripPhotos.id })
          .returning({ id: tripPhotos.id });
        if (!inserted) throw idTaken();
        await stagedKeys.keep(tx, keys);
        await recordActivity(tx, tripId, upload.userId, {
          kind: 'photo.added',
          subjectId: photoId,
          data: { label: upload.caption ?? name },
        });
        const photo = toTripPhoto(await findPhoto(tx, tripId, photoId));
        live.tripChanged(tripId, itemSaved('photos', photo));
        return photo;
      });
      if (saved) return saved;
      await stagedKeys.drop(db, keys).catch(() => {});
      return toTripPhoto(await findPhoto(db, tripId, photoId));
    } catch (error) {
      // Not saved: what was stored goes now, not in an hour.
      await stagedKeys.drop(db, keys).catch(() => {});
      throw error;
    }
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

function assertMayChange(row: PhotoRow, actor: TripViewer) {
  if (!canChangeItem({ creatorId: row.creatorId }, actor)) {
    throw new HttpError('creator_only', PHOTO_MESSAGES.notYours);
  }
}

/** Changes a photo's caption: who added it, or the trip's owner. */
export async function updateCaption(
  context: ChangeContext,
  tripId: string,
  photoId: string,
  actor: TripViewer,
  caption: string | null,
): Promise<TripPhoto> {
  return inTransaction(context, async ({ db: tx, live }) => {
    assertMayChange(await findPhoto(tx, tripId, photoId), actor);
    const updated = await tx
      .update(tripPhotos)
      .set({ caption })
      .where(and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.id, photoId)))
      .returning({ id: tripPhotos.id });
    if (updated.length === 0) throw new HttpError('not_found', PHOTO_MESSAGES.notFound);
    const photo = toTripPhoto(await findPhoto(tx, tripId, photoId));
    live.tripChanged(tripId, itemSaved('photos', photo));
    return photo;
  });
}

/**
 * Deletes a photo: who added it, or the trip's owner. Its files are left to the storage sweeper
 * by the row's delete trigger, in the same transaction (migration 0021).
 */
export async function deletePhoto(
  context: ChangeContext,
  tripId: string,
  photoId: string,
  actor: TripViewer,
) {
  await inTransaction(context, async ({ db: tx, live }) => {
    assertMayChange(await findPhoto(tx, tripId, photoId), actor);
    // Its files go (the trigger), so a photo's entry cannot restore it.
    await deleteTripItem(tx, tripPhotos, tripId, photoId, PHOTO_MESSAGES.notFound, {
      actorId: actor.userId,
      describe: (row) => ({
        kind: 'photo.deleted',
        subjectId: photoId,
        data: { label: row.caption ?? row.fileName },
      }),
    });
    live.tripChanged(tripId, itemRemoved('photos', photoId));
  });
}

/** One variant of a photo of the trip, to send: 404 for any other trip's, or one not kept. */
export async function openPhotoFile(
  db: Db,
  files: PhotoFiles,
  tripId: string,
  photoId: string,
  variant: PhotoVariant,
): Promise<{ file: StoredFile; contentType: string; downloadName: string }> {
  const row = await findPhoto(db, tripId, photoId);
  const contentType = row.variants[variant];
  if (!contentType) {
    throw new HttpError(
      'not_found',
      variant === 'original' ? PHOTO_MESSAGES.noOriginal : PHOTO_MESSAGES.notFound,
    );
  }
  // Where the row says: a photo whose id the client chose has its files in a folder of their own.
  const key =
    row.storageKeys.find((stored) => stored.endsWith(`/${variant}`)) ??
    `trips/${tripId}/${photoId}/${variant}`;
  const file = await files.storage.get(key).catch((error: unknown) => {
    throw storageDown(error);
  });
  if (!file) throw new HttpError('not_found', PHOTO_MESSAGES.notFound);
  return { file, contentType, downloadName: downloadName(row.fileName, contentType, variant) };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
};

/**
 * The file's own name, with the extension of what is sent, read from its bytes (IMG_2041.HEIC's
 * full size is a .jpg; an original named `timetable.html` downloads as `timetable.jpg`, so no one
 * saves a web page by downloading a photo).
 */
export function downloadName(fileName: string, contentType: string, variant: PhotoVariant) {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'photo';
  const suffix = variant === 'full' || variant === 'original' ? '' : `-${variant}`;
  return `${stem}${suffix}.${EXTENSIONS[contentType] ?? 'bin'}`;
}
