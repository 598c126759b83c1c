import path from 'node:path';
import type { Config } from '../../platform/config';
import type { PhotoFiles } from './service';
import { createPhotoStorage, type PhotoStorage } from './storage';
import type { StorageSweeper } from './storageSweeper';

export { photosRoutes } from './routes';
export type { PhotoFiles } from './service';
export { startStorageSweeper } from './storageSweeper';

declare module 'fastify' {
  interface FastifyInstance {
    /** The album's storage and limits, and the sweeper that deletes what is due (issue #23). */
    photoFiles: PhotoFiles & { sweeper: StorageSweeper };
  }
}

/** The photo feature's storage and limits, from the settings (or the storage a test passes). */
export function photoFilesFor(config: Config, storage?: PhotoStorage): PhotoFiles {
  return {
    storage: storage ?? createPhotoStorage(config.photos.storage),
    workDir: path.join(config.dataDir, 'uploads'),
    maxFileBytes: config.photos.maxFileBytes,
    maxTripBytes: config.photos.maxTripBytes,
  };
}
