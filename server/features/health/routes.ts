import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../shared/contracts/health';
import type { Database } from '../../platform/db/client';

/** Liveness and readiness for load balancers: 503 while the database cannot answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Is the server up and can it reach its database?',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok', database: 'ok' } as const;
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'degraded', database: 'unavailable' });
      }
    },
  );
};
