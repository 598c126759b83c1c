import { labelledBy, type ServerFeature } from '../feature';
import { pollDeadlinesJob } from './closedNotices';
import { pollsRoutes } from './routes';
import { polls } from './tables';

export const pollsFeature: ServerFeature = {
  name: 'polls',
  register: (app, { db }) => app.register(pollsRoutes, { db }),
  jobs: ({ db }) => [pollDeadlinesJob(db)],
  commentSubjects: { poll: labelledBy(polls, polls.question) },
  widgets: { poll: { defaultTitle: 'Polls' } },
};
