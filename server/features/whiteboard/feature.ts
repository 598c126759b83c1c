import type { ServerFeature } from '../feature';
import { moveFilesToStorage } from './pictures';
import { whiteboardRoutes } from './routes';
import { assertWhiteboardAllowed } from './service';

export const whiteboardFeature: ServerFeature = {
  name: 'whiteboard',
  register: async (app, { db, files, log }) => {
    await app.register(whiteboardRoutes, { db, files });
    // Whiteboard pictures kept in the database before issue #23 move into the photo storage.
    const moving = moveFilesToStorage(db, files).then(
      (moved) => {
        if (moved > 0) log.info({ moved }, 'whiteboard pictures moved into the photo storage');
      },
      (error: Error) =>
        log.warn({ err: error.message }, 'whiteboard pictures could not be moved yet'),
    );
    app.addHook('onClose', async () => {
      await moving;
    });
  },
  widgets: { whiteboard: { defaultTitle: 'Whiteboard', assertAllowed: assertWhiteboardAllowed } },
};
