import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Routes that a token in their address authorizes, never a cookie, so a forged request gains
// nothing: an e-mail's one-click unsubscribe, posted by mail programs from no origin (RFC 8058).
const TOKEN_AUTHORIZED = new Set(['/api/unsubscribe']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing API requests that do not come from this site: their Origin (or, when a
 * browser omits it, Referer) must be PUBLIC_URL's origin or the origin the request was addressed
 * to. Together with JSON-only bodies (a cross-site form cannot send application/json without a
 * CORS preflight, which we never grant) this closes cross-site request forgery.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  // Fastify parses text/plain by default; a cross-site form or fetch can send that without a
  // preflight. Only JSON is accepted, so such requests get 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (TOKEN_AUTHORIZED.has(request.url.split('?')[0]!)) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    const addressed = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== addressed) {
      throw new HttpError(
        'forbidden',
        'This request did not come from Tripmates, so it was refused',
      );
    }
  });
}
