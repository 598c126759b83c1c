import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayOf } from '../../../shared/calendar';
import { okResponse } from '../../../shared/contracts/auth';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import {
  joinWaitlistBody,
  WAITLIST_SUBMISSIONS_PER_HOUR,
  waitlistEntries,
  waitlistEntry,
  waitlistEntryParams,
  waitlistPageQuery,
} from '../../../shared/contracts/waitlist';
import type { Db } from '../../platform/db/client';
import { pageHeaders } from '../../platform/db/keyset';
import * as waitlist from './service';

export const waitlistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/waitlist',
    {
      config: {
        access: 'public',
        rateLimit: { max: WAITLIST_SUBMISSIONS_PER_HOUR, timeWindow: 60 * 60_000 },
      },
      schema: {
        tags: ['waitlist'],
        summary: 'Join the private-beta waitlist (or the newsletter)',
        description: 'Answers the same whether or not the address was already on the list.',
        body: joinWaitlistBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await waitlist.joinWaitlist(db, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/waitlist',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A page of waitlist entries, newest first',
        description:
          `At most \`limit\` entries (default 100, at most 500), those matching \`q\` in e-mail ` +
          `or name when given. Headers: ${PAGE_TOTAL_HEADER} (all entries) and, when there ` +
          `are more, ${PAGE_CURSOR_HEADER} — pass it as \`before\` for the next page.`,
        querystring: waitlistPageQuery,
        response: { 200: waitlistEntries },
      },
    },
    async (request, reply) => {
      const page = await waitlist.waitlistPage(db, request.query);
      reply.headers(pageHeaders(page));
      return page.rows.map(waitlist.toWaitlistEntry);
    },
  );

  app.get(
    '/api/admin/waitlist.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The waitlist as a CSV file',
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const day = dayOf(new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tripmates-waitlist-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(waitlist.waitlistCsv(await waitlist.listWaitlist(db)));
    },
  );

  app.patch(
    '/api/admin/waitlist/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Mark an entry as contacted (spec §7: JSON content type, no body)',
        params: waitlistEntryParams,
        response: { 200: waitlistEntry },
      },
    },
    async (request) =>
      waitlist.toWaitlistEntry(await waitlist.markContacted(db, request.params.id)),
  );
};
