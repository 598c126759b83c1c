import { sql } from 'drizzle-orm';
import { labelledBy, type ServerFeature } from '../feature';
import { photosRoutes } from './routes';
import { startStorageSweeper } from './storageSweeper';
import { tripPhotos } from './tables';

export const photosFeature: ServerFeature = {
  name: 'photos',
  register: async (app, { db, database, config, files, log }) => {
    await app.register(photosRoutes, { db, files });
    const sweeper = startStorageSweeper({
      db,
      storage: files.storage,
      changes: database.changes,
      log,
      workDir: files.workDir,
    });
    app.decorate('photoFiles', { ...files, sweeper });
    app.addHook('onClose', () => sweeper.stop());
    if (config.databaseUrl && files.storage.kind === 'disk') {
      log.info(
        'photos are kept under DATA_DIR on this machine: instances on several machines need S3_BUCKET (README)',
      );
    }
  },
  commentSubjects: {
    // As the photo's own entries name it: its caption, else its file's name.
    photo: labelledBy(
      tripPhotos,
      sql<string>`coalesce(${tripPhotos.caption}, ${tripPhotos.fileName})`,
    ),
  },
};
