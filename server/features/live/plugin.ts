import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_ID_HEADER, clientId } from '../../../shared/contracts/live';
import type { Config } from '../../platform/config';
import type { ChangeFeed } from '../../platform/db/changeFeed';
import type { Db } from '../../platform/db/client';
import { createLive, type Live, type LiveOrigin } from './liveServer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live connections: routes tell it what changed once the database has it. */
    live: Live;
  }
}

/** Socket.IO on this app's HTTP server, closed before the server itself. */
export const livePlugin = fp(
  async (
    app,
    options: {
      db: Db;
      changes: ChangeFeed;
      publicUrl: string;
      redisUrl?: string;
      redisPrefix: string;
      calls: Config['calls'];
    },
  ) => {
    const live = await createLive(app.server, (header) => app.parseCookie(header), {
      ...options,
      log: app.log,
    });
    app.decorate('live', live);
    // Before the server closes: open WebSockets would otherwise hold its close() open.
    app.addHook('preClose', async () => live.close());
  },
  { name: 'live' },
);

/**
 * The tab that made a change: the signed-in user and the tab id their request names (header
 * `x-tripmates-client`), so the broadcast skips that tab. Scoped to the user, a request can only
 * ever name its own user's tabs.
 */
export function liveOrigin(request: FastifyRequest): LiveOrigin | null {
  const parsed = clientId.safeParse(request.headers[CLIENT_ID_HEADER]);
  const userId = request.auth?.user.id;
  return parsed.success && userId ? { userId, tab: parsed.data } : null;
}
