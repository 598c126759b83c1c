import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../../shared/constants';
import type { SiteConfig } from '../../../shared/contracts/site';
import { startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { PUBLIC_URL: 'https://trips.example.com', PRESS_EMAIL: 'news@trips.example.com' },
  });
});
afterAll(() => t.close());

describe('site settings, robots.txt and the sitemap', () => {
  it('gives the contact addresses, from the environment or the defaults', async () => {
    const res = await fetch(`${t.url}/api/site`);
    expect(res.status).toBe(200);
    expect((await res.json()) as SiteConfig).toEqual({
      supportEmail: 'support@tripmates.app',
      careersEmail: 'careers@tripmates.app',
      pressEmail: 'news@trips.example.com',
      blogEmail: 'blog@tripmates.app',
      registration: 'open',
    });
  });

  it('serves robots.txt that keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await fetch(`${t.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/admin\/$/m);
    expect(text).toMatch(/^Disallow: \/trips\/$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/trips\.example\.com\/sitemap\.xml$/m);
  });

  it('lists every public page in sitemap.xml with absolute addresses', async () => {
    const res = await fetch(`${t.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((p) => `https://trips.example.com${p}`));
    expect(locs).toContain('https://trips.example.com/help');
  });
});
