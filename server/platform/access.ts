import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorResponse } from '../../shared/contracts/errors';
import { HttpError } from './errors';

/**
 * A rule for a route whose access depends on what it reaches (a trip, say). It runs once the
 * caller is known to be signed in, before the body is read, and throws an HttpError (a 404 for
 * what the caller may not know exists, a 403 for what they may see but not do) or resolves.
 */
export type Policy = (request: FastifyRequest) => Promise<void>;

/**
 * Who may call a route, declared with it (`config: { access }`), as Outline's routes declare
 * theirs: `public` (anyone), `user` (signed in), `admin`, or a policy (signed in, then the rule).
 */
export type Access = 'public' | 'user' | 'admin' | Policy;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const SIGN_IN_MESSAGE = 'Please sign in to continue';

// The API's documentation pages belong to @fastify/swagger-ui, which declares nothing.
const UNDECLARED = ['/api/docs'];

/**
 * Every /api route must declare its access (start-up fails otherwise, so a new route cannot
 * forget), and the declaration runs in preValidation: after the rate limit and the session
 * lookup, before the body is validated — a stranger learns nothing from a 400.
 */
export function registerAccessControl(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || UNDECLARED.some((p) => route.url.startsWith(p))) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
    }
    // The refusals that follow from the declaration go into the route's documented answers,
    // so routes declare only their own (a 409, a 502, a plan's 403).
    if (route.schema) {
      const implied: Record<number, typeof errorResponse> = { 500: errorResponse };
      if (access !== 'public') implied[401] = errorResponse;
      if (typeof access === 'function' || access === 'admin') implied[403] = errorResponse;
      if (typeof access === 'function' || route.schema.params) implied[404] = errorResponse;
      if (route.schema.body || route.schema.querystring) implied[400] = errorResponse;
      if (route.config?.rateLimit) implied[429] = errorResponse;
      route.schema.response = { ...implied, ...(route.schema.response as object) };
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    if (!request.auth) throw new HttpError('unauthenticated', SIGN_IN_MESSAGE);
    if (access === 'admin') {
      if (request.auth.user.role !== 'admin') {
        throw new HttpError('admin_only', 'This needs an administrator account');
      }
    } else if (access !== 'user') {
      await access(request);
    }
  });
}
