import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_TYPE,
  profilePicturePath,
} from '../../../shared/contracts/account';
import type { Db } from '../../platform/db/client';
import { type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { PictureType } from '../../platform/pictureType';
import { type ChangeContext, inTransaction } from '../live';
import type { PhotoFiles } from '../photos';
import { type PictureRefusals, receivePicture } from '../photos/receivePhoto';
import { stagedKeys } from '../photos/stagedKeys';
import type { PhotoStorage, StoredFile } from '../photos/storage';
import { makeSquarePicture } from './squarePicture';

// Issue #38 item 9: a profile picture is uploaded and kept in the photo storage (files under
// DATA_DIR, or S3) like an album's photos, one object per version. The users row holds its key;
// a trigger (migration 0035) leaves a replaced or removed key, or a deleted account's, to the
// storage sweeper in the same transaction, so no path can forget the file.

type Files = Pick<PhotoFiles, 'storage' | 'workDir'>;

const M = PROFILE_PICTURE_MESSAGES;
const REFUSALS: PictureRefusals = {
  tooLarge: M.tooLarge,
  interrupted: M.interrupted,
  empty: M.empty,
  notAPicture: M.notAPicture,
  heic: M.heic,
  unreadable: M.unreadable,
  tooManyPixels: M.tooManyPixels,
  busy: M.busy,
};

// Any picture the server can tell by its bytes (a GIF gives its first frame; a HEIC is kept if
// the image library can decode it).
const isPicture = (type: PictureType | null): type is PictureType => type !== null;

/** Where the storage keeps a user's picture of one version. */
const keyOf = (userId: string, version: string) => `users/${userId}/picture-${version}`;

const storageDown = (cause: unknown) => new HttpError('unavailable', M.storageDown, { cause });

/**
 * Makes `body` (a picture's own bytes) the user's profile picture: received and refused as album
 * photos are (too large, not a picture, unreadable: receivePhoto.ts), made square without
 * metadata (squarePicture.ts), stored under a new key, and saved with its address. Those who see
 * the user (trip members, presence) are told.
 */
export async function setProfilePicture(
  context: ChangeContext,
  files: Files,
  user: UserRow,
  upload: { body: NodeJS.ReadableStream; declaredBytes: number | null },
): Promise<UserRow> {
  const { db } = context;
  if (upload.declaredBytes !== null && upload.declaredBytes > PROFILE_PICTURE_MAX_BYTES) {
    throw new HttpError('body_too_large', M.tooLarge);
  }
  await fs.promises.mkdir(files.workDir, { recursive: true });
  const workDir = await fs.promises.mkdtemp(path.join(files.workDir, 'picture-'));
  try {
    const picture = path.join(workDir, 'picture');
    await receivePicture({
      body: upload.body,
      workDir,
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      refusals: REFUSALS,
      accepts: isPicture,
      make: (input, type) => makeSquarePicture(input, type, picture),
    });
    const version = randomBytes(8).toString('hex');
    const key = keyOf(user.id, version);
    // Due for deletion until the row that refers to it is saved: a crash leaves nothing behind.
    await stagedKeys.stage(db, [key]);
    try {
      await files.storage.put(key, picture, PROFILE_PICTURE_TYPE).catch((error: unknown) => {
        throw storageDown(error);
      });
      return await inTransaction(context, async ({ db: tx, live }) => {
        const [updated] = await tx
          .update(users)
          .set({ profileImageKey: key, profileImageUrl: profilePicturePath(user.id, version) })
          .where(eq(users.id, user.id))
          .returning();
        // The account was deleted meanwhile.
        if (!updated) throw new HttpError('unauthenticated', 'Please sign in again.');
        await stagedKeys.keep(tx, [key]);
        live.userChanged(updated);
        return updated;
      });
    } catch (error) {
      // Not saved: what was stored goes now, not in an hour.
      await stagedKeys.drop(db, [key]).catch(() => {});
      throw error;
    }
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/** Removes the user's picture (an uploaded one's file goes too, by the trigger). */
export async function removeProfilePicture(context: ChangeContext, user: UserRow) {
  return inTransaction(context, async ({ db: tx, live }) => {
    const [updated] = await tx
      .update(users)
      .set({ profileImageKey: null, profileImageUrl: null })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new HttpError('unauthenticated', 'Please sign in again.');
    if (user.profileImageUrl !== null) live.userChanged(updated);
    return updated;
  });
}

/**
 * The picture a user's address names: the current version only, so an address once handed out
 * shows nothing after the picture is replaced or removed, and an id alone shows nothing at all.
 */
export async function openProfilePicture(
  db: Db,
  storage: PhotoStorage,
  userId: string,
  version: string,
): Promise<StoredFile> {
  const [row] = await db
    .select({ key: users.profileImageKey })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.key || row.key !== keyOf(userId, version)) throw new HttpError('not_found', M.notFound);
  const file = await storage.get(row.key).catch((error: unknown) => {
    throw storageDown(error);
  });
  if (!file) throw new HttpError('not_found', M.notFound);
  return file;
}
