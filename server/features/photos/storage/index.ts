import type { PhotoStorageConfig } from '../../../platform/config';
import { diskStorage } from './diskStorage';
import { s3Storage } from './s3Storage';
import type { PhotoStorage } from './types';

export type { PhotoStorage, StoredFile } from './types';
export { StorageError } from './types';

/** The storage the settings name: S3 when S3_BUCKET is set, else files under DATA_DIR. */
export function createPhotoStorage(config: PhotoStorageConfig): PhotoStorage {
  return config.kind === 's3' ? s3Storage(config) : diskStorage(config.dir);
}
