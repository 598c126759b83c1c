import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '../../shared/clientRoutes';
import { SIGNED_IN_COOKIE } from '../../shared/constants';
import { markSignedIn, SESSION_COOKIE } from './sessions';

/** Vite puts every hashed (content-addressed) file under /assets/. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

export type BuiltClient = {
  dir: string;
  /** index.html as built. */
  indexHtml: string;
  /** CSP sources for the inline scripts in index.html (the pre-paint theme script). */
  inlineScriptHashes: string[];
};

/** Hashes for `script-src`, so the inline scripts we ship run under a strict CSP and no others. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** The production build, or null when there is none (development, where Vite serves the client). */
export function loadBuiltClient(dir: string): BuiltClient | null {
  const indexPath = path.join(dir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  return { dir, indexHtml, inlineScriptHashes: inlineScriptHashes(indexHtml) };
}

// <link> tags index.html marks `data-landing-only`: preloads of the landing page's first image,
// useful only to a signed-out visitor of `/`.
const LANDING_ONLY_TAG = /[ \t]*<link\b[^>]*\bdata-landing-only\b[^>]*>\n?/g;

/**
 * The two shapes of index.html: the landing page's image preloads go only to signed-out visitors
 * of `/`; everyone else would download an image they never see.
 */
export function indexPages(indexHtml: string) {
  return { plain: indexHtml.replace(LANDING_ONLY_TAG, ''), landing: indexHtml };
}

/**
 * Whether the page's request comes from a signed-in browser (a live session, second factor
 * done), and SIGNED_IN_COOKIE put right when it says otherwise: a session that expired or was
 * ended elsewhere, a sign-in left at its second factor, a cookie from before the mark existed.
 * The client trusts the mark, so a signed-out visit asks GET /api/user nothing (issue #38: its
 * 401 is logged by the browser as an error). With the database out of reach, a session cookie
 * counts as signed in and the mark is left alone: the client asks, as it would have.
 */
async function signedInPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!request.cookies[SESSION_COOKIE]) {
    if (request.cookies[SIGNED_IN_COOKIE]) markSignedIn(reply, false);
    return false;
  }
  try {
    await app.readSession(request);
  } catch (err) {
    request.log.warn({ err }, 'could not read the session of a page request');
    return true;
  }
  const signedIn = request.auth !== null;
  if (signedIn !== Boolean(request.cookies[SIGNED_IN_COOKIE])) markSignedIn(reply, signedIn);
  return signedIn;
}

/**
 * Serves the built client: hashed assets cached for a year (their name changes with their
 * content), everything else revalidated on each load. Every path outside /api that is not a
 * file gets index.html, so the client's router handles deep links and its own 404 page — with
 * the status 404 when the client has no page there (shared/clientRoutes.ts).
 */
export async function registerClient(app: FastifyInstance, client: BuiltClient | null) {
  const pages = client ? indexPages(client.indexHtml) : null;
  if (client) {
    await app.register(fastifyStatic, {
      root: client.dir,
      index: false,
      // One route that looks the file up on each request. Without the wildcard the plugin makes
      // a route (and a HEAD route) for each of the build's ~1,100 files at start: 11 MB of the
      // idle server's memory and part of its start-up (issue #36). A path that is no file falls
      // through to the not-found handler below, as before.
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (vite.config.ts); serve those as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ code: 'not_found', message: `No such API route: ${request.method} ${pathname}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ code: 'not_found', message: 'Not found' });
    }
    if (!pages) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built. Run `npm run build` (or `npm run dev` while developing).');
    }
    const signedIn = await signedInPage(app, request, reply);
    const page = !signedIn && pathname === '/' ? pages.landing : pages.plain;
    return (
      reply
        .code(isClientRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        // The page (and its cookies) differ with the session: no shared cache may mix them.
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(page)
    );
  });
}
