import { retentionJob } from '../activity/retention';
import type { ServerFeature } from '../feature';
import { chatRoutes } from './routes';
import { forgetReadsOf, pruneChat } from './service';

export const chatFeature: ServerFeature = {
  name: 'chat',
  register: (app, { db }) => app.register(chatRoutes, { db }),
  // Kept as long as the trip's history is (the owner's plan), pruned hourly as it is.
  jobs: ({ db, log }) => [retentionJob('chat-retention', pruneChat, 'chat messages', db, log)],
  memberLeaving: forgetReadsOf,
};
