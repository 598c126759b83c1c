import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGN_IN_MESSAGE } from './access';
import { type ChangeFeed, FORGET_ALL } from './db/changeFeed';
import type { Db } from './db/client';
import type { SessionRow, UserRow } from './db/schema';
import { HttpError } from './errors';
import { SessionCache } from './sessionCache';
import { findSession, type RequestMeta, SESSION_COOKIE } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the session cookie is `Secure`: when the public URL is https. */
    secureCookies: boolean;
    /**
     * Sets `request.auth` (or `pendingAuth`) from the session cookie. Done for every API request;
     * the pages (platform/client.ts) ask for it too, to tell a signed-out browser so.
     */
    readSession(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user and session; null when signed out or only half signed in. */
    auth: { user: UserRow; session: SessionRow } | null;
    /** A session whose password step passed and whose second factor is still owed. */
    pendingAuth: { user: UserRow; session: SessionRow } | null;
  }
}

type AuthenticationOptions = {
  db: Db;
  publicUrl: string;
  /** The database's announcements of changed accounts and sessions (SessionCache). */
  changes?: ChangeFeed;
};

/** Who is asking: cookie → session → user, once per API request. */
export const authentication = fp(async (app: FastifyInstance, options: AuthenticationOptions) => {
  const { db } = options;
  await app.register(cookie);
  app.decorate('secureCookies', options.publicUrl.startsWith('https:'));
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingAuth', null);
  const { changes } = options;
  const cache = changes ? new SessionCache() : undefined;
  if (changes && cache) {
    changes.on('tripmates_auth', (userId) =>
      userId === FORGET_ALL ? cache.clear() : cache.forgetUser(userId),
    );
  }
  app.decorate('readSession', async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    // The cache is used only once it knows of every change committed before this request.
    const usable = cache && changes && (await changes.sync()) ? cache : undefined;
    const found = await findSession(db, token, Date.now(), usable);
    if (!found) return;
    if (found.session.pendingTwoFactor) request.pendingAuth = found;
    else request.auth = found;
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await app.readSession(request);
  });
});

/** The signed-in user of a request to a route whose access is not `public`. */
export function currentAuth(request: FastifyRequest) {
  if (!request.auth) throw new HttpError('unauthenticated', SIGN_IN_MESSAGE);
  return request.auth;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
