import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserParams, adminUserPlan, setPlanBody } from '../../../shared/contracts/plans';
import type { Db } from '../../platform/db/client';
import * as admin from './service';

// Before validation: someone who is not an administrator learns nothing, not even about the body.

/** Administration of accounts (issue #7): setting a user's plan. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => admin.setUserPlan(db, request.params.id, request.body.plan),
  );
};
