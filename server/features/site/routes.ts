import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_PAGES } from '../../../shared/constants';
import { siteConfig } from '../../../shared/contracts/site';
import type { Config } from '../../platform/config';

// Pages with nothing for a search engine: signed-in screens, one-time links, the API.
const PRIVATE_PATHS = [
  '/api/',
  '/admin/',
  '/dashboard',
  '/trips/',
  '/profile',
  '/security',
  '/logout',
  '/reset-password',
  '/confirm-email',
  '/unsubscribe',
  '/delete-account',
  '/join/',
  '/magic/',
];

/** What the public pages need from the server's configuration, plus robots.txt and the sitemap. */
export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Contact addresses shown on the public pages, and the sign-up mode',
        response: { 200: siteConfig },
      },
    },
    async () => ({ ...config.contacts, registration: config.registration }),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${config.publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls = PUBLIC_PAGES.map(
      (path) => `  <url><loc>${config.publicUrl}${path === '/' ? '/' : path}</loc></url>`,
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
};
