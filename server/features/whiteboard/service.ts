import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, eq, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import {
  elementBytes,
  newerElement,
  WHITEBOARD_FILE_TYPES,
  WHITEBOARD_MAX_ELEMENTS,
  WHITEBOARD_MAX_FILE_BYTES,
  WHITEBOARD_MAX_FILES_BYTES,
  WHITEBOARD_MAX_SCENE_BYTES,
  WHITEBOARD_MAX_UPDATE_BYTES,
  WHITEBOARD_MESSAGES,
  type WhiteboardElement,
  type WhiteboardFile,
  type WhiteboardFileType,
  type WhiteboardScene,
  whiteboardAllowed,
} from '../../../shared/contracts/whiteboard';
import type { Db, Tx } from '../../platform/db/client';
import {
  trips,
  users,
  whiteboardElements,
  whiteboardFiles,
  widgets,
} from '../../platform/db/schema';
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
import { ownerPlanOf } from '../trips/access';
import { processWhiteboardPicture } from './whiteboardPicture';

const SHA1_HEX = /^[0-9a-f]{40}$/;

/** A whiteboard keeps the pictures every browser draws: not AVIF or HEIC. */
function whiteboardFileType(data: Buffer): WhiteboardFileType | null {
  const type = pictureType(data);
  return WHITEBOARD_FILE_TYPES.find((known) => known === type) ?? null;
}

/** A whiteboard: its widget, on its trip. */
export type WhiteboardRef = { tripId: string; widgetId: string };

const noSuchWhiteboard = () => new HttpError('not_found', WHITEBOARD_MESSAGES.noSuchWhiteboard);
const planRequired = () => new HttpError('plan_required', WHITEBOARD_MESSAGES.planRequired);

/**
 * The whiteboard widget `widgetId` of the trip and its owner's plan, or 404. `lock` holds the
 * widget's row to the end of the transaction: saves to one whiteboard take turns, so the sizes
 * they add up are right.
 */
async function whiteboardOf(db: Db | Tx, { tripId, widgetId }: WhiteboardRef, lock = false) {
  const query = db
    .select({ type: widgets.type, plan: users.plan })
    .from(widgets)
    .innerJoin(trips, eq(trips.id, widgets.tripId))
    .innerJoin(users, eq(users.id, trips.ownerId))
    .where(and(eq(widgets.id, widgetId), eq(widgets.tripId, tripId)));
  const [row] = await (lock ? query.for('update', { of: widgets }) : query);
  if (row?.type !== 'whiteboard') throw noSuchWhiteboard();
  return row;
}

/**
 * Issue #22: a whiteboard is added only on a trip whose owner's plan has whiteboards (spec §9),
 * whatever the client shows. Runs in the transaction that adds the widget.
 */
export async function assertWhiteboardAllowed(db: Db | Tx, tripId: string) {
  if (!whiteboardAllowed(await ownerPlanOf(db, tripId))) throw planRequired();
}

// Excalidraw's fractional indices are base-62 strings that sort by their characters' codes.
const byIndex = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const left = typeof a.index === 'string' ? a.index : '';
  const right = typeof b.index === 'string' ? b.index : '';
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The saved scene, in z-order: every member may look at it, whatever the plan. */
export async function loadScene(db: Db, ref: WhiteboardRef): Promise<WhiteboardScene> {
  const { plan } = await whiteboardOf(db, ref);
  const [elementRows, fileRows] = await Promise.all([
    db
      .select({ element: whiteboardElements.element })
      .from(whiteboardElements)
      .where(eq(whiteboardElements.widgetId, ref.widgetId)),
    db
      .select({ id: whiteboardFiles.id, mimeType: whiteboardFiles.mimeType })
      .from(whiteboardFiles)
      .where(eq(whiteboardFiles.widgetId, ref.widgetId)),
  ]);
  return {
    widgetId: ref.widgetId,
    elements: elementRows.map((row) => row.element).sort(byIndex),
    files: fileRows as WhiteboardFile[],
    editable: whiteboardAllowed(plan),
  };
}

/**
 * What is kept of a deleted element: enough to reconcile with (its version, its place), not the
 * drawing. Deleting frees the scene's room; undoing a delete sends the whole element again.
 */
function storedCopy(element: WhiteboardElement): WhiteboardElement {
  if (!element.isDeleted) return element;
  const { id, type, version, versionNonce, isDeleted, index, updated } = element;
  return { id, type, version, versionNonce, isDeleted, index, updated };
}

/** Of several copies of one element in a batch, the one that wins. */
function newestOfEach(elements: WhiteboardElement[]) {
  const newest = new Map<string, WhiteboardElement>();
  for (const element of elements) {
    if (newerElement(element, newest.get(element.id))) newest.set(element.id, element);
  }
  return [...newest.values()];
}

/** One member's edits to a whiteboard: the elements they changed, each whole. */
export type WhiteboardEdit = { userId: string; elements: WhiteboardElement[] };

/** Saves one member's edits (see saveEdits). */
export function saveElements(
  db: Db,
  ref: WhiteboardRef,
  userId: string,
  elements: WhiteboardElement[],
): Promise<WhiteboardElement[]> {
  return saveEdits(db, ref, [{ userId, elements }]);
}

/**
 * Saves members' edits to the whiteboard in one transaction and answers the copies that won, for
 * the others: each element is kept if it is newer than the saved one (`newerElement`, checked
 * again by the database in the upsert), so two members' saves never drop each other's elements
 * whatever order they arrive in. Refused whole when the trip's plan has no whiteboards or the
 * scene would outgrow its limits.
 */
export async function saveEdits(
  db: Db,
  ref: WhiteboardRef,
  edits: WhiteboardEdit[],
): Promise<WhiteboardElement[]> {
  for (const edit of edits) {
    const bytes = edit.elements.reduce((total, element) => total + elementBytes(element), 0);
    if (bytes > WHITEBOARD_MAX_UPDATE_BYTES) {
      throw new HttpError('body_too_large', WHITEBOARD_MESSAGES.updateTooLarge);
    }
  }
  // Who saved the copy that is kept of each element.
  const editorOf = new Map<WhiteboardElement, string>();
  for (const edit of edits) for (const element of edit.elements) editorOf.set(element, edit.userId);
  const incoming = newestOfEach(edits.flatMap((edit) => edit.elements));
  return db.transaction(async (tx) => {
    const { plan } = await whiteboardOf(tx, ref, true);
    if (!whiteboardAllowed(plan)) throw planRequired();

    const saved = new Map(
      (
        await tx
          .select({
            id: whiteboardElements.id,
            version: whiteboardElements.version,
            versionNonce: whiteboardElements.versionNonce,
            isDeleted: whiteboardElements.isDeleted,
            bytes: whiteboardElements.bytes,
          })
          .from(whiteboardElements)
          .where(
            and(
              eq(whiteboardElements.widgetId, ref.widgetId),
              inArray(
                whiteboardElements.id,
                incoming.map((element) => element.id),
              ),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    const winners = incoming.filter((element) => newerElement(element, saved.get(element.id)));
    if (winners.length === 0) return [];

    const rows = winners.map((element) => {
      const stored = storedCopy(element);
      return { element, stored, bytes: elementBytes(stored) };
    });
    await assertRoomFor(tx, ref.widgetId, rows, saved);

    const accepted = await tx
      .insert(whiteboardElements)
      .values(
        rows.map(({ element, stored, bytes }) => ({
          widgetId: ref.widgetId,
          tripId: ref.tripId,
          id: stored.id,
          version: stored.version,
          versionNonce: stored.versionNonce,
          isDeleted: stored.isDeleted,
          element: stored,
          bytes,
          updatedBy: editorOf.get(element) ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [whiteboardElements.widgetId, whiteboardElements.id],
        set: {
          version: sql`excluded.version`,
          versionNonce: sql`excluded.version_nonce`,
          isDeleted: sql`excluded.is_deleted`,
          element: sql`excluded.element`,
          bytes: sql`excluded.bytes`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
        // newerElement, in SQL: the saved copy is replaced only by a newer one.
        setWhere: sql`excluded.version > ${whiteboardElements.version} or (excluded.version = ${whiteboardElements.version} and excluded.version_nonce < ${whiteboardElements.versionNonce})`,
      })
      .returning({ id: whiteboardElements.id });
    const acceptedIds = new Set(accepted.map((row) => row.id));
    // The others get the whole element (a deleted one too): their undo may still need it.
    return rows.filter((row) => acceptedIds.has(row.stored.id)).map((row) => row.element);
  });
}

/** Refuses the save when the scene would pass its number of shapes or its size. */
async function assertRoomFor(
  tx: Tx,
  widgetId: string,
  rows: { stored: WhiteboardElement; bytes: number }[],
  saved: Map<string, { isDeleted: boolean; bytes: number }>,
) {
  const [totals] = await tx
    .select({
      shapes: count(sql`case when not ${whiteboardElements.isDeleted} then 1 end`),
      bytes: sum(whiteboardElements.bytes).mapWith(Number),
    })
    .from(whiteboardElements)
    .where(eq(whiteboardElements.widgetId, widgetId));
  const before = { shapes: totals?.shapes ?? 0, bytes: totals?.bytes ?? 0 };
  const after = { ...before };
  for (const { stored, bytes } of rows) {
    const old = saved.get(stored.id);
    after.shapes += (stored.isDeleted ? 0 : 1) - (old && !old.isDeleted ? 1 : 0);
    after.bytes += bytes - (old?.bytes ?? 0);
  }
  // A save that does not make the scene bigger (deleting, moving) is never refused.
  const tooMany = after.shapes > WHITEBOARD_MAX_ELEMENTS && after.shapes > before.shapes;
  const tooBig = after.bytes > WHITEBOARD_MAX_SCENE_BYTES && after.bytes > before.bytes;
  if (tooMany || tooBig) {
    throw new HttpError('item_limit', WHITEBOARD_MESSAGES.sceneFull);
  }
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
 * picture at random, app/features/whiteboard/WhiteboardEditor.tsx, and a picture never changes).
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
