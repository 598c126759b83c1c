import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markRead,
  notificationList,
  notificationPreferences,
  notificationQuery,
  unreadCount,
  unsubscribeAnswer,
  unsubscribeQuery,
} from '../../../shared/contracts/notifications';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { pageHeaders } from '../../platform/db/keyset';
import { perMinute } from '../auth/rateLimits';
import { readPreferences, savePreferences } from './preferences';
import { listNotifications, markRead as markReadFor, unreadCountOf } from './service';
import { unsubscribe } from './unsubscribe';

const tags = ['notifications'];

/** Issue #24: a person's bell, their notification settings, and e-mails' unsubscribe links. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // A mail program's one-click unsubscribe posts a form (`List-Unsubscribe=One-Click`); what it
  // says is fixed, so it is not read. Only in this plugin: every other route takes JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        description:
          'A page at a time: X-Next-Cursor, sent back as `before`, reads the next (older) page.',
        querystring: notificationQuery,
        response: { 200: notificationList },
      },
    },
    async (request, reply) => {
      const page = await listNotifications(db, currentAuth(request).user.id, request.query);
      reply.headers(pageHeaders(page));
      return page.entries;
    },
  );

  app.get(
    '/api/notifications/unread',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'How many are unread', response: { 200: unreadCount } },
    },
    async (request) => unreadCountOf(db, currentAuth(request).user.id),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark some of yours, or all, as read',
        body: markRead,
        response: { 200: unreadCount },
      },
    },
    async (request) => markReadFor(db, currentAuth(request).user.id, request.body),
  );

  app.get(
    '/api/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'What you are told about, in the app and by e-mail',
        response: { 200: notificationPreferences },
      },
    },
    async (request) => readPreferences(db, currentAuth(request).user.id),
  );

  app.put(
    '/api/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Save what you are told about',
        body: notificationPreferences,
        response: { 200: notificationPreferences },
      },
    },
    async (request) => savePreferences(db, currentAuth(request).user.id, request.body),
  );

  app.post(
    '/api/unsubscribe',
    {
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary: "An e-mail's one-click unsubscribe (RFC 8058): that kind's e-mails go off",
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer },
      },
    },
    async (request) => unsubscribe(db, request.query.token, request.query.kind),
  );
};
