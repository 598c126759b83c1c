export { activityRetentionJob, pruneActivity } from './retention';
export { activityRoutes } from './routes';
