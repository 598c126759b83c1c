import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLED_PHOTOS,
  bundledPhotos,
  rankBundledPhotos,
  relevance,
  searchWords,
} from './bundledPhotos';

// The client build serves app/public at the site's root.
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../app/public');
const DIR = path.join(PUBLIC_DIR, 'media/destinations');
const byId = (slug: string) => BUNDLED_PHOTOS.find((p) => p.slug === slug)!;
const ranked = (query: string) => rankBundledPhotos(query).map((p) => p.slug);

describe('the bundled destination pictures', () => {
  it('has at least 10 pictures with distinct slugs, an alt text and tags', () => {
    expect(BUNDLED_PHOTOS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(BUNDLED_PHOTOS.map((p) => p.slug)).size).toBe(BUNDLED_PHOTOS.length);
    for (const photo of BUNDLED_PHOTOS) {
      expect(photo.slug).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(photo.alt.length, photo.slug).toBeGreaterThan(20);
      expect(photo.tags.length, photo.slug).toBeGreaterThan(5);
    }
  });

  it.each(BUNDLED_PHOTOS.map((p) => p.slug))(
    'ships %s.svg: 1200×900, under 15 KB, no text',
    (slug) => {
      const [photo] = bundledPhotos(byId(slug).tags[0]!, { perPage: 1, page: 1 });
      expect(photo!.src.medium).toBe(`/media/destinations/${slug}.svg`);
      const file = path.join(PUBLIC_DIR, photo!.src.medium);
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.statSync(file).size).toBeLessThan(15 * 1024);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 900"/);
      expect(svg).toMatch(/Gradient/);
      expect(svg).not.toMatch(/<text|<script|<image|href="http|url\(http/i);
      expect(svg.trimEnd()).toMatch(/<\/svg>$/);
    },
  );

  it('ships nothing in the folder that is not listed, and records the licence', () => {
    const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.svg'));
    expect(files.sort()).toEqual(BUNDLED_PHOTOS.map((p) => `${p.slug}.svg`).sort());
    const licence = fs.readFileSync(path.join(DIR, 'LICENSE.md'), 'utf8');
    expect(licence).toMatch(/CC0/);
    for (const { slug } of BUNDLED_PHOTOS) expect(licence).toContain(`${slug}.svg`);
  });
});

describe('searchWords', () => {
  it('ignores case, accents, punctuation and plurals', () => {
    expect(searchWords('Tromsø, Norway')).toEqual(['tromso', 'norway']);
    expect(searchWords('Ubud — Bali (Indonésia)')).toEqual(['ubud', 'bali', 'indonesia']);
    expect(searchWords('beaches, dunes, cities & terraces')).toEqual([
      'beach',
      'dune',
      'city',
      'terrace',
    ]);
    expect(searchWords('Swiss bus')).toEqual(['swiss', 'bus']);
  });
});

describe('ranking', () => {
  it('counts the tags a search names, phrases as a whole', () => {
    expect(relevance(byId('city-skyline-night'), 'New York City')).toBe(2);
    expect(relevance(byId('mountain-lake'), 'New York')).toBe(0);
    expect(relevance(byId('mountain-lake'), 'new zealand')).toBe(1);
  });

  it('gives only the pictures the search names, most matches first', () => {
    expect(ranked('Tromsø, Norway')[0]).toBe('northern-lights');
    expect(ranked('Marrakech, Morocco')[0]).toBe('desert-dunes');
    expect(ranked('Snowy mountains').slice(0, 2)).toEqual(['mountain-lake', 'snowy-village']);
    expect(ranked('Sydney Harbour')[0]).toBe('harbour');
    // Issue #17: Bali got a snowy village and a mountain lake after its own two pictures.
    const bali = ranked('Bali, Indonesia');
    expect(bali.length).toBeGreaterThan(0);
    expect(bali).not.toContain('snowy-village');
    expect(bali).not.toContain('mountain-lake');
    for (const slug of bali) expect(relevance(byId(slug), 'Bali, Indonesia')).toBeGreaterThan(0);
    // None fits: none, and the widget says so.
    expect(ranked('Atlantis')).toEqual([]);
  });

  it('pages the ranking', () => {
    const all = ranked('Kyoto, Japan');
    expect(all[0]).toBe('temple');
    const page = (perPage: number, n: number) =>
      bundledPhotos('Kyoto, Japan', { perPage, page: n }).map((p) =>
        p.id.replace('tripmates-', ''),
      );
    expect(page(5, 1)).toEqual(all.slice(0, 5));
    expect(page(5, 2)).toEqual(all.slice(5, 10));
    expect(page(5, 3)).toEqual(all.slice(10));
    expect(page(5, 4)).toEqual([]);
  });
});
