import { createHmac } from 'node:crypto';
import type { IceServer } from '../../../shared/contracts/calls';
import type { Config } from '../../platform/config';

/**
 * TURN credentials in the scheme of the TURN REST API draft, which coturn's `use-auth-secret`
 * implements: the username is `<expiry in Unix seconds>:<user id>` and the password the base64
 * HMAC-SHA1 of the username under the shared secret. coturn checks both itself; Tripmates never
 * stores them, and the secret never leaves the server.
 */
export function turnCredential(secret: string, userId: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/**
 * The ICE servers one person's browser is given for a call: the configured ones, and the TURN
 * server with credentials of their own that expire with the longest call they could be in.
 */
export function iceServersFor(
  calls: Config['calls'],
  userId: string,
  lifetimeSeconds: number,
  now = new Date(),
): IceServer[] {
  if (!calls.turn) return calls.iceServers;
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000);
  return [
    ...calls.iceServers,
    { urls: calls.turn.urls, ...turnCredential(calls.turn.secret, userId, expiresAt) },
  ];
}
