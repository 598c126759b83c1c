import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, isNotNull, sum } from 'drizzle-orm';
import {
  WHITEBOARD_FILE_TYPES,
  WHITEBOARD_MAX_FILE_BYTES,
  WHITEBOARD_MAX_FILES_BYTES,
  WHITEBOARD_MESSAGES,
  type WhiteboardFile,
  type WhiteboardFileType,
  whiteboardAllowed,
} from '../../../shared/contracts/whiteboard';
import type { Db, Tx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { pictureType } from '../../platform/pictureType';
import {
  formatName,
  maxMegapixels,
  ProcessingBusy,
  TooManyPixels,
  UnreadablePicture,
} from '../../platform/pictureWork';
import type { PhotoFiles } from '../photos/service';
import { stagedKeys } from '../photos/stagedKeys';
import type { PhotoStorage } from '../photos/storage';
import { planRequired, type WhiteboardRef, whiteboardOf } from './service';
import { whiteboardFiles } from './tables';
import { processWhiteboardPicture } from './whiteboardPicture';

// The pictures pasted on a whiteboard (issues #22 and #23): stored in the photo storage, a row
// each; the scene's elements are service.ts's.

const SHA1_HEX = /^[0-9a-f]{40}$/;

/** A whiteboard keeps the pictures every browser draws: not AVIF or HEIC. */
function whiteboardFileType(data: Buffer): WhiteboardFileType | null {
  const type = pictureType(data);
  return WHITEBOARD_FILE_TYPES.find((known) => known === type) ?? null;
}

/** Where the photo storage keeps a whiteboard's picture: ids made safe for a key, in hex. */
export function whiteboardFileKey(ref: WhiteboardRef, fileId: string) {
  const hex = (id: string) => Buffer.from(id, 'utf8').toString('hex');
  return `trips/${ref.tripId}/whiteboards/${hex(ref.widgetId)}/${hex(fileId)}`;
}

/** The picture as it is stored and served, or why it is refused (422, or 503 when busy). */
async function processed(data: Buffer, type: WhiteboardFileType): Promise<Buffer> {
  try {
    return await processWhiteboardPicture(data, type);
  } catch (error) {
    if (error instanceof TooManyPixels) {
      const message = WHITEBOARD_MESSAGES.fileTooManyPixels(
        formatName(error.type),
        maxMegapixels(error.type),
      );
      throw new HttpError('unreadable_image', message);
    }
    if (error instanceof UnreadablePicture) {
      throw new HttpError('unreadable_image', WHITEBOARD_MESSAGES.fileUnreadable);
    }
    if (error instanceof ProcessingBusy) {
      throw new HttpError('unavailable', WHITEBOARD_MESSAGES.filesBusy);
    }
    throw error;
  }
}

/**
 * Stores a picture pasted on the whiteboard under the editor's id for it, in the photo storage
 * (issue #23). The type is read from its bytes; what is stored is the picture made ready for
 * every member (whiteboardPicture.ts: no metadata, its size bounded), in that type. A picture
 * already stored under that id is kept as it is: the first upload wins (our editor names a
 * picture at random, app/features/whiteboard/usePictureFiles.ts, and a picture never changes).
 */
export async function saveFile(
  db: Db,
  files: Pick<PhotoFiles, 'storage' | 'workDir'>,
  ref: WhiteboardRef,
  userId: string,
  fileId: string,
  data: Buffer,
): Promise<{ file: WhiteboardFile; created: boolean }> {
  if (data.length > WHITEBOARD_MAX_FILE_BYTES) {
    throw new HttpError('body_too_large', WHITEBOARD_MESSAGES.fileTooLarge);
  }
  const mimeType = whiteboardFileType(data);
  if (!mimeType) throw new HttpError('unsupported_media_type', WHITEBOARD_MESSAGES.fileType);
  // Excalidraw's own names are the SHA-1 of a picture (where the browser can hash; our editor
  // names pictures at random instead, as Excalidraw hashes the file before re-encoding it): a
  // name that claims to be a hash must be the hash of the bytes as sent, so nobody who sees the
  // name first can store another picture under it. What is stored is made from those bytes.
  if (SHA1_HEX.test(fileId) && createHash('sha1').update(data).digest('hex') !== fileId) {
    throw new HttpError('invalid_input', WHITEBOARD_MESSAGES.fileMismatch);
  }
  const { plan } = await whiteboardOf(db, ref);
  if (!whiteboardAllowed(plan)) throw planRequired();
  const existing = await findFile(db, ref, fileId);
  if (existing) return { file: existing, created: false };
  const picture = await processed(data, mimeType);

  const key = whiteboardFileKey(ref, fileId);
  await stagedKeys.stage(db, [key]);
  try {
    await storeBytes(files, key, picture, mimeType);
    return await db.transaction(async (tx) => {
      const { plan } = await whiteboardOf(tx, ref, true);
      if (!whiteboardAllowed(plan)) throw planRequired();
      // Stored under the same key by whoever was first: theirs is this very picture.
      const first = await findFile(tx, ref, fileId);
      await stagedKeys.keep(tx, [key]);
      if (first) return { file: first, created: false };
      const [totals] = await tx
        .select({ bytes: sum(whiteboardFiles.bytes).mapWith(Number) })
        .from(whiteboardFiles)
        .where(eq(whiteboardFiles.widgetId, ref.widgetId));
      if ((totals?.bytes ?? 0) + picture.length > WHITEBOARD_MAX_FILES_BYTES) {
        throw new HttpError('item_limit', WHITEBOARD_MESSAGES.filesFull);
      }
      await tx.insert(whiteboardFiles).values({
        widgetId: ref.widgetId,
        tripId: ref.tripId,
        id: fileId,
        mimeType,
        storageKey: key,
        bytes: picture.length,
        createdBy: userId,
      });
      return { file: { id: fileId, mimeType }, created: true };
    });
  } catch (error) {
    // Unless a saved row refers to it (kept above, in the transaction that committed), the
    // stored file goes now.
    if (!(await findFile(db, ref, fileId).catch(() => null))) {
      await stagedKeys.drop(db, [key]).catch(() => {});
    }
    throw error;
  }
}

async function findFile(db: Db | Tx, ref: WhiteboardRef, fileId: string) {
  const [file] = await db
    .select({ id: whiteboardFiles.id, mimeType: whiteboardFiles.mimeType })
    .from(whiteboardFiles)
    .where(and(eq(whiteboardFiles.widgetId, ref.widgetId), eq(whiteboardFiles.id, fileId)));
  return (file as WhiteboardFile | undefined) ?? null;
}

/** Writes `data` to the storage under `key`, through a work file (storage takes files). */
async function storeBytes(
  files: Pick<PhotoFiles, 'storage' | 'workDir'>,
  key: string,
  data: Buffer,
  mimeType: string,
) {
  await fs.promises.mkdir(files.workDir, { recursive: true });
  const file = path.join(files.workDir, `whiteboard-${randomUUID()}`);
  try {
    await fs.promises.writeFile(file, data);
    await files.storage.put(key, file, mimeType);
  } catch (error) {
    throw new HttpError('unavailable', WHITEBOARD_MESSAGES.storageDown, { cause: error });
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/** A picture of the whiteboard, for its trip's members: from storage, or (older) the row. */
export async function readFile(
  db: Db,
  storage: PhotoStorage,
  ref: WhiteboardRef,
  fileId: string,
): Promise<{ mimeType: string; body: Buffer | Readable; bytes: number | null }> {
  await whiteboardOf(db, ref);
  const [file] = await db
    .select({
      mimeType: whiteboardFiles.mimeType,
      data: whiteboardFiles.data,
      storageKey: whiteboardFiles.storageKey,
    })
    .from(whiteboardFiles)
    .where(and(eq(whiteboardFiles.widgetId, ref.widgetId), eq(whiteboardFiles.id, fileId)));
  if (!file) throw new HttpError('not_found', WHITEBOARD_MESSAGES.noSuchFile);
  if (file.data) return { mimeType: file.mimeType, body: file.data, bytes: file.data.length };
  const stored = file.storageKey
    ? await storage.get(file.storageKey).catch((error: unknown) => {
        throw new HttpError('unavailable', WHITEBOARD_MESSAGES.storageDown, { cause: error });
      })
    : null;
  if (!stored) throw new HttpError('not_found', WHITEBOARD_MESSAGES.noSuchFile);
  return { mimeType: file.mimeType, body: stored.body, bytes: stored.bytes };
}

/**
 * Moves pictures stored in the database before issue #23 into the photo storage, a few at a
 * time; run once at start. Each move is checked against the row as it was read, so a picture
 * deleted meanwhile is not brought back (its stored copy is then left to the sweeper).
 */
export async function moveFilesToStorage(
  db: Db,
  files: Pick<PhotoFiles, 'storage' | 'workDir'>,
): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({
        tripId: whiteboardFiles.tripId,
        widgetId: whiteboardFiles.widgetId,
        id: whiteboardFiles.id,
        mimeType: whiteboardFiles.mimeType,
        data: whiteboardFiles.data,
      })
      .from(whiteboardFiles)
      .where(isNotNull(whiteboardFiles.data))
      .limit(10);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      const ref = { tripId: row.tripId, widgetId: row.widgetId };
      const key = whiteboardFileKey(ref, row.id);
      await stagedKeys.stage(db, [key]);
      await storeBytes(files, key, row.data!, row.mimeType);
      const updated = await db.transaction(async (tx) => {
        const done = await tx
          .update(whiteboardFiles)
          .set({ storageKey: key, data: null })
          .where(and(eq(whiteboardFiles.widgetId, row.widgetId), eq(whiteboardFiles.id, row.id)))
          .returning({ id: whiteboardFiles.id });
        if (done.length > 0) await stagedKeys.keep(tx, [key]);
        return done.length;
      });
      if (updated === 0) await stagedKeys.drop(db, [key]);
      moved += updated;
    }
  }
}
