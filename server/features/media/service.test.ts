import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors';
import { type FakePexels, startFakePexels } from '../../test/fakes/pexelsUpstream';
import { createMediaService, MEDIA_CACHE_MS, PHOTO_SERVICE_DOWN } from './service';

const KEY = 'service-test-key';

/** A logger that keeps what it is given, to check what reaches the log. */
function recordingLog() {
  const lines: { level: string; fields: unknown; msg: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, msg = '') =>
      lines.push({ level, fields, msg });
  const log = {
    level: 'trace',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

let pexels: FakePexels;
beforeAll(async () => {
  pexels = await startFakePexels({ apiKey: KEY });
});
afterAll(() => pexels.close());

describe('createMediaService', () => {
  it('asks again once the hour is over', async () => {
    let now = 1_000_000;
    const media = createMediaService({
      pexels: { apiKey: KEY, baseUrl: pexels.url },
      now: () => now,
    });
    const { log } = recordingLog();
    const query = { query: 'Seville', perPage: 2, page: 1 };
    const before = pexels.calls.length;

    await media.photos(query, log);
    now += MEDIA_CACHE_MS - 1;
    await media.photos(query, log);
    expect(pexels.calls.length - before).toBe(1);
    now += 1;
    const { photos } = await media.photos(query, log);
    expect(pexels.calls.length - before).toBe(2);
    expect(photos).toHaveLength(2);
  });

  it('gives up on a slow Pexels at the time limit with the 502, logged as a timeout', async () => {
    pexels.setMode('slow');
    try {
      const media = createMediaService({
        pexels: { apiKey: KEY, baseUrl: pexels.url },
        timeoutMs: 200,
      });
      const { log, lines } = recordingLog();
      const started = Date.now();
      const error = await media.videos({ query: 'slow', perPage: 3, page: 1 }, log).catch((e) => e);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 502, message: PHOTO_SERVICE_DOWN });
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'warn',
          fields: expect.objectContaining({ failure: 'timeout' }),
        }),
      ]);
    } finally {
      pexels.setMode('ok');
    }
  });

  it('answers the 502 when Pexels cannot be reached', async () => {
    const media = createMediaService({ pexels: { apiKey: KEY, baseUrl: 'http://127.0.0.1:9' } });
    const { log, lines } = recordingLog();
    const error = await media.popularVideos({ perPage: 5, page: 1 }, log).catch((e) => e);
    expect(error).toMatchObject({ statusCode: 502, message: PHOTO_SERVICE_DOWN });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'Pexels could not be reached',
        fields: { service: 'Pexels', failure: 'unreachable', status: undefined },
      }),
    ]);
  });

  it('without a key asks no one: bundled photos and no videos', async () => {
    const media = createMediaService({ pexels: { apiKey: undefined, baseUrl: pexels.url } });
    const { log } = recordingLog();
    const before = pexels.calls.length;
    expect(media.usesPexels).toBe(false);
    const { photos } = await media.photos({ query: 'sahara', perPage: 3, page: 1 }, log);
    expect(photos.map((p) => p.id)).toEqual(['tripmates-desert-dunes']);
    expect(await media.videos({ query: 'sahara', perPage: 3, page: 1 }, log)).toEqual({
      videos: [],
    });
    expect(await media.popularVideos({ perPage: 5, page: 1 }, log)).toEqual({ videos: [] });
    expect(pexels.calls.length).toBe(before);
  });
});

describe('startFakePexels', () => {
  it('answers 401 without its key and 404 off its paths, and names its environment', async () => {
    const fake = await startFakePexels({ apiKey: 'k-1' });
    try {
      expect(fake.env()).toEqual({ PEXELS_API_KEY: 'k-1', PEXELS_BASE_URL: fake.url });
      expect((await fetch(`${fake.url}/v1/search?query=x`)).status).toBe(401);
      const wrong = await fetch(`${fake.url}/v1/search?query=x`, {
        headers: { Authorization: 'k-2' },
      });
      expect(wrong.status).toBe(401);
      const elsewhere = await fetch(`${fake.url}/v1/curated`, {
        headers: { Authorization: 'k-1' },
      });
      expect(elsewhere.status).toBe(404);
      const ok = await fetch(`${fake.url}/v1/search?query=x&per_page=2`, {
        headers: { Authorization: 'k-1' },
      });
      // Pexels' own answer (the fake's), not one of ours: only its length is read.
      expect(((await ok.json()) as { photos: unknown[] }).photos).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it('closes at once even with a slow answer pending', async () => {
    const fake = await startFakePexels({ mode: 'slow' });
    const pending = fetch(`${fake.url}/videos/popular`, {
      headers: { Authorization: 'fake-pexels-key' },
    }).catch((error) => error);
    await expect.poll(() => fake.calls.length).toBe(1);
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
