import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import {
  adminEarlyAccessEntries,
  adminEarlyAccessEntry,
  adminUserParams,
  adminUserPlan,
  earlyAccessPageQuery,
  earlyAccessParams,
  earlyAccessRequest,
  myEarlyAccess,
  requestEarlyAccessBody,
  setPlanBody,
} from '../../../shared/contracts/plans';
import { currentAuth } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { pageHeaders } from '../../platform/db/keyset';
import { perMinute } from '../auth/rateLimits';
import * as earlyAccess from './earlyAccess';
import * as admin from './service';

// Before validation: someone who is not an administrator learns nothing, not even about the body.

/**
 * Plans (spec §9): an administrator sets an account's plan (issue #7); while plans cannot be
 * bought, an account asks for early access to a paid one and an administrator grants it (#17).
 */
export const plansRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.patch(
    '/api/admin/users/:id/plan',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Set a user's plan (free, premium or pro)",
        description: 'The same as `npm run user -- set-plan <username> <plan>` for operators.',
        params: adminUserParams,
        body: setPlanBody,
        response: { 200: adminUserPlan },
      },
    },
    async (request) => {
      const changed = await admin.setUserPlan(db, request.params.id, request.body.plan);
      // Issue #38: the audit trail of what administrators change on accounts.
      request.log.info(
        {
          audit: 'plan_set',
          adminId: currentAuth(request).user.id,
          userId: changed.id,
          plan: changed.plan,
        },
        "An administrator set an account's plan",
      );
      return changed;
    },
  );

  app.get(
    '/api/early-access',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        summary: "The signed-in account's early-access request, if any",
        response: { 200: myEarlyAccess },
      },
    },
    async (request) => ({
      request: await earlyAccess.myEarlyAccess(db, currentAuth(request).user.id),
    }),
  );

  app.post(
    '/api/early-access',
    {
      config: { access: 'user', ...perMinute(10) },
      schema: {
        tags: ['plans'],
        summary: 'Ask for early access to a paid plan',
        description:
          'Plans cannot be bought yet: the request is listed for the administrators, who grant ' +
          'it. One request per account; a new one replaces it. A plan the account already has ' +
          '(or one below it) answers `plan_held`.',
        body: requestEarlyAccessBody,
        response: { 200: earlyAccessRequest },
      },
    },
    async (request) =>
      earlyAccess.requestEarlyAccess(db, currentAuth(request).user, request.body.plan),
  );

  app.get(
    '/api/admin/early-access',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A page of early-access requests, newest first',
        description: `Paged as the waitlist: headers ${PAGE_TOTAL_HEADER} and ${PAGE_CURSOR_HEADER}.`,
        querystring: earlyAccessPageQuery,
        response: { 200: adminEarlyAccessEntries },
      },
    },
    async (request, reply) => {
      const page = await earlyAccess.earlyAccessPage(db, request.query);
      reply.headers(pageHeaders(page));
      return page.entries;
    },
  );

  app.post(
    '/api/admin/early-access/:userId/grant',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Grant a request: the account moves up to the plan it asked for',
        params: earlyAccessParams,
        response: { 200: adminEarlyAccessEntry },
      },
    },
    async (request) => earlyAccess.grantEarlyAccess(db, request.params.userId),
  );
};
