import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers with a Content-Security-Policy the app runs under: scripts only from this
 * origin plus the hashed inline theme script. Styles allow 'unsafe-inline' because Radix
 * primitives inject <style> elements (scroll locking) and set style attributes; styles cannot run
 * code, so the risk is small. HTTPS-only headers are sent only when the app is served over HTTPS,
 * so a plain-HTTP install on a LAN keeps loading its own assets.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; inlineScriptHashes: string[] },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...options.inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000 } : false,
    // Cross-origin isolation would block the video and photo CDNs the board uses later.
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * API answers hold personal data (who is signed in, their sessions, the waitlist): no browser or
 * proxy may keep a copy, so after sign-out the back button or a shared cache cannot show them.
 * A route that sets its own Cache-Control keeps it.
 */
export function registerNoStoreForApi(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
  });
}
