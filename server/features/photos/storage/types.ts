import type { Readable } from 'node:stream';

/** A stored file as read back: its bytes as a stream, and how many there are (if told). */
export type StoredFile = { body: Readable; bytes: number | null };

/**
 * Where photos' files are kept (issue #23): files under DATA_DIR (`diskStorage.ts`, nothing to
 * set up, one machine) or an S3-compatible bucket (`s3Storage.ts`, for several instances). Keys
 * are paths like `trips/<tripId>/<photoId>/medium`; a key is written once and never changes.
 */
export interface PhotoStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the local file `from` under `key`, streamed, never read whole into memory. */
  put(key: string, from: string, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes the file under `key`; a key that holds nothing is deleted already. */
  delete(key: string): Promise<void>;
}

/** Storage that could not do what was asked (down, refused, misconfigured): a 503 to people. */
export class StorageError extends Error {
  override name = 'StorageError';
}

// Our own keys only: no `..`, no leading slash, nothing a file system or URL treats specially.
const KEY = /^[a-z0-9]+(?:[/-][a-z0-9]+)*$/;

export function assertStorageKey(key: string) {
  if (!KEY.test(key)) throw new StorageError(`Not a storage key: ${JSON.stringify(key)}`);
}
