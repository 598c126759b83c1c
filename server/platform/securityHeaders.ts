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
  options: {
    https: boolean;
    inlineScriptHashes: string[];
    /** Outside origins the page may show images and play media from (Pexels, a landing video). */
    imageOrigins?: string[];
    mediaOrigins?: string[];
  },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...options.inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', ...(options.mediaOrigins ?? [])],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000 } : false,
    // Cross-origin isolation would block the video and photo CDNs the board uses.
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

// Where Pexels serves the files its API answers link to (photos, video files and their posters).
const PEXELS_IMAGES = 'https://images.pexels.com';
const PEXELS_VIDEOS = 'https://videos.pexels.com';
// Older Pexels answers link video files on Vimeo's player CDN.
const PEXELS_VIDEOS_LEGACY = 'https://player.vimeo.com';

/**
 * The outside origins the CSP must allow for the configured media: Pexels' CDNs when a Pexels key
 * is set, and the landing video's origin when one is configured. Nothing else is let in.
 */
export function mediaOriginsFor(config: {
  pexels: { apiKey: string | undefined };
  landingVideoUrl: string | undefined;
}) {
  const imageOrigins = config.pexels.apiKey ? [PEXELS_IMAGES] : [];
  const mediaOrigins = config.pexels.apiKey
    ? [PEXELS_VIDEOS, PEXELS_VIDEOS_LEGACY, PEXELS_IMAGES]
    : [];
  if (config.landingVideoUrl) {
    const origin = new URL(config.landingVideoUrl).origin;
    if (!mediaOrigins.includes(origin)) mediaOrigins.push(origin);
  }
  return { imageOrigins, mediaOrigins };
}
