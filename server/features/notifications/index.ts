export { notificationJobs } from './jobs';
export { announceNotifications } from './live';
export { type Notice, notify } from './notify';
export { notificationsRoutes } from './routes';
