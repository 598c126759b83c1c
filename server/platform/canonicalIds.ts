import type { FastifyInstance } from 'fastify';
import { canonicalId } from '../../shared/ids';

/**
 * Every uuid in a request's path is read in lower case before anything else looks at it (issue
 * #34): the trip caches, the access check, the live rooms a change is announced to and the
 * storage keys all take the id as a string, and `…/trips/<ID>/…` must reach exactly what
 * `…/trips/<id>/…` reaches — no more, and not for longer.
 */
export function registerCanonicalIds(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (!params) return;
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string') params[name] = canonicalId(value);
    }
  });
}
