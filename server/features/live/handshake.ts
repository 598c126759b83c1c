import type { IncomingMessage } from 'node:http';
import { clientId, HANDSHAKE_ERRORS, LIVE_PROTOCOL_VERSION } from '../../../shared/contracts/live';
import type { Db } from '../../platform/db/client';
import { findSession, SESSION_COOKIE } from '../../platform/sessions';
import { memberName } from '../trips/access';
import type { LivePiece } from './core';

/** The request's Origin must be this site's (as for API writes): no cross-site socket. */
export function sameOrigin(request: IncomingMessage, publicOrigin: string) {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: a browser always sends Origin on WebSocket and CORS
  const addressed = `http://${request.headers.host}`;
  return (
    origin === publicOrigin || origin === addressed || origin === `https://${request.headers.host}`
  );
}

/**
 * Who may connect: a page of this site, speaking this protocol version, with the cookie of a
 * fully signed-in session. The socket carries its user, session and tab from then on.
 */
export function handshake(options: {
  db: Db;
  publicUrl: string;
  parseCookie: (header: string) => Record<string, string | undefined>;
}): LivePiece {
  const publicOrigin = new URL(options.publicUrl).origin;
  return {
    name: 'handshake',
    configure: () => ({
      allowRequest: (request, callback) => callback(null, sameOrigin(request, publicOrigin)),
    }),
    async authenticate(socket) {
      if (socket.handshake.auth?.v !== LIVE_PROTOCOL_VERSION) {
        return HANDSHAKE_ERRORS.protocolMismatch;
      }
      const token = options.parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
      const found = token && token.length <= 100 ? await findSession(options.db, token) : null;
      if (!found || found.session.pendingTwoFactor) return HANDSHAKE_ERRORS.signedOut;
      const tab = clientId.safeParse(socket.handshake.auth?.tab);
      socket.data = {
        user: {
          id: found.user.id,
          name: memberName(found.user),
          image: found.user.profileImageUrl,
        },
        sessionId: found.session.id,
        tab: tab.success ? tab.data : null,
        tripId: null,
        tripRoom: null,
      };
      return undefined;
    },
  };
}
