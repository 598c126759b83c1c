/**
 * A stand-in for the listing pages people paste into a trip's shortlist (issue #21): one
 * node:http server on 127.0.0.1, reachable only because the test app sets
 * LINK_PREVIEW_ALLOW_LOOPBACK. Its pages:
 *
 * - `/villa`  Open Graph title, description, a relative picture and a price (USD 240)
 * - `/hotel`  schema.org JSON-LD only: a Hotel with an Offer (EUR 189.5) and its picture
 * - `/plain`  a bare page with a <title>
 * - `/moved`  302 to /villa; `/to-metadata` 302 to the cloud metadata address 169.254.169.254
 * - `/huge`   2 MB of HTML, its length announced; `/endless` 2 MB sent in chunks, unannounced,
 *            its Open Graph title first
 * - `/data`   JSON, not a page; `/missing` 404
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const page = (head: string, body = '<p>Welcome</p>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

const PAGES: Record<string, string> = {
  '/villa': page(`
    <title>Villa Sawah | Some Rentals</title>
    <meta property="og:title" content="Villa Sawah &amp; rice fields">
    <meta property="og:description" content="Three bedrooms above the rice terraces of Ubud.">
    <meta property="og:image" content="/images/villa.jpg">
    <meta property="product:price:amount" content="240">
    <meta property="product:price:currency" content="usd">`),
  '/hotel': page(`
    <title>Hotel Canggu</title>
    <script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Hotel',
      name: 'Hotel Canggu Beach',
      image: ['https://images.example.com/canggu.jpg'],
      offers: { '@type': 'Offer', price: '189.50', priceCurrency: 'EUR' },
    })}</script>`),
  '/plain': page('<title>  A simple   guesthouse </title>'),
  '/huge': page(
    '<meta property="og:title" content="A very long page">',
    `<p>${'x'.repeat(2 * 1024 * 1024)}</p>`,
  ),
};

export async function startListingSite(options: { port?: number } = {}) {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (path === '/moved') {
      response.writeHead(302, { location: '/villa' });
      return response.end();
    }
    if (path === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return response.end();
    }
    if (path === '/endless') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(page('<meta property="og:title" content="A page without an end">'));
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      let sent = 0;
      const more = () => {
        while (sent < 32 && !response.destroyed) {
          sent += 1;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      more();
      return;
    }
    if (path === '/data') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"name":"not a page"}');
    }
    const html = PAGES[path];
    if (!html) {
      response.writeHead(404, { 'content-type': 'text/html' });
      return response.end(page('<title>Not found</title>'));
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
