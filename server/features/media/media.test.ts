import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type {
  DestinationPhotosResponse,
  LandingVideo,
  VideosResponse,
} from '../../../shared/contracts/media';
import { type ApiClient, type ApiResponse, apiClient } from '../../test/apiClient';
import { createAccount } from '../../test/factories';
import { type FakePexels, startFakePexels } from '../../test/fakes/pexelsUpstream';
import { startTestApp, type TestApp } from '../../test/testApp';
import { PHOTO_SERVICE_DOWN } from './service';

const KEY = 'pexels-secret-key-5f3a9c71';

let pexels: FakePexels;
let t: TestApp; // with a Pexels key, talking to the fake
let offline: TestApp; // no key: bundled photos, no videos
let user: ApiClient;
let offlineUser: ApiClient;
const logLines: string[] = [];

function logCapture(lines: string[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
}

type LogEntry = { level: number; msg: string; [field: string]: unknown };
const entries = (lines: string[]) => lines.map((line) => JSON.parse(line) as LogEntry);
const WARN = 40;
const ERROR = 50;

async function signedIn(app: TestApp) {
  return (await createAccount(app)).client;
}

beforeAll(async () => {
  pexels = await startFakePexels({ apiKey: KEY });
  t = await startTestApp({
    env: { ...pexels.env(), LOG_LEVEL: 'trace' },
    logStream: logCapture(logLines),
  });
  offline = await startTestApp();
  user = await signedIn(t);
  offlineUser = await signedIn(offline);
});
afterAll(async () => {
  await t?.close();
  await offline?.close();
  await pexels?.close();
});
afterEach(() => pexels.setMode('ok'));

/** The fake's calls made while `action` ran. */
async function callsDuring(action: () => Promise<unknown>) {
  const before = pexels.calls.length;
  await action();
  return pexels.calls.slice(before);
}

describe('with a Pexels key', () => {
  it('answers normalised photos with the credit, asking Pexels with the key', async () => {
    let res!: ApiResponse<DestinationPhotosResponse>;
    const calls = await callsDuring(async () => {
      res = await user.get<DestinationPhotosResponse>(
        '/api/pexels/photos?query=Lisbon&perPage=8&page=2',
      );
    });
    expect(res.status).toBe(200);
    expect(res.body.photos).toHaveLength(8);
    expect(res.body.photos[0]).toEqual({
      id: '1008',
      src: {
        medium:
          'https://images.pexels.com/photos/1008/pexels-photo-1008.jpeg?auto=compress&cs=tinysrgb&h=650&w=940',
        thumbnail:
          'https://images.pexels.com/photos/1008/pexels-photo-1008.jpeg?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280',
      },
      alt: 'lisbon photo number 1008',
      photographer: expect.any(String),
      photographerUrl: expect.stringMatching(/^https:\/\/www\.pexels\.com\/@/),
      source: 'pexels',
    });
    expect(calls).toEqual([
      {
        path: '/v1/search',
        query: { query: 'lisbon', per_page: '8', page: '2' },
        authorization: KEY,
      },
    ]);
  });

  it('asks for 10 photos of page 1 unless told otherwise', async () => {
    const calls = await callsDuring(async () => {
      const res = await user.get<DestinationPhotosResponse>('/api/pexels/photos?query=Porto');
      expect(res.body.photos).toHaveLength(10);
    });
    expect(calls[0]!.query).toEqual({ query: 'porto', per_page: '10', page: '1' });
  });

  it('answers videos and popular videos in the spec names', async () => {
    const calls = await callsDuring(async () => {
      const res = await user.get<VideosResponse>('/api/pexels/videos?query=Bali&perPage=3');
      expect(res.status).toBe(200);
      expect(res.body.videos).toHaveLength(3);
      expect(res.body.videos[0]).toEqual({
        id: '5000',
        image: 'https://images.pexels.com/videos/5000/pictures/preview-0.jpg',
        video_files: [
          {
            quality: 'hd',
            file_type: 'video/mp4',
            link: 'https://videos.pexels.com/video-files/5000/5000-hd_1920_1080_25fps.mp4',
          },
          {
            quality: 'sd',
            file_type: 'video/mp4',
            link: 'https://videos.pexels.com/video-files/5000/5000-sd_960_540_25fps.mp4',
          },
        ],
      });

      const popular = await user.get<VideosResponse>('/api/pexels/videos/popular?perPage=5&page=2');
      expect(popular.status).toBe(200);
      expect(popular.body.videos.map((v) => v.id)).toEqual([
        '9005',
        '9006',
        '9007',
        '9008',
        '9009',
      ]);
    });
    expect(calls).toEqual([
      {
        path: '/videos/search',
        query: { query: 'bali', per_page: '3', page: '1' },
        authorization: KEY,
      },
      { path: '/videos/popular', query: { per_page: '5', page: '2' }, authorization: KEY },
    ]);
  });

  it('asks Pexels once per search, perPage and page within the hour', async () => {
    const first = await callsDuring(() => user.get('/api/pexels/photos?query=Kyoto&perPage=4'));
    expect(first).toHaveLength(1);
    const again = await callsDuring(async () => {
      const res = await user.get<DestinationPhotosResponse>(
        '/api/pexels/photos?query=%20kyoto%20&perPage=4',
      );
      expect(res.status).toBe(200);
      expect(res.body.photos).toHaveLength(4);
      await user.get('/api/pexels/photos?query=KYOTO&perPage=4&page=1');
    });
    expect(again).toEqual([]);
    // Another page, size or endpoint is another question.
    const other = await callsDuring(async () => {
      await user.get('/api/pexels/photos?query=Kyoto&perPage=4&page=2');
      await user.get('/api/pexels/photos?query=Kyoto&perPage=5');
      await user.get('/api/pexels/videos?query=Kyoto&perPage=4');
    });
    expect(other.map((c) => c.path)).toEqual(['/v1/search', '/v1/search', '/videos/search']);

    const popular = await callsDuring(() =>
      user.get('/api/pexels/videos/popular?perPage=4&page=3'),
    );
    expect(popular.map((c) => c.path)).toEqual(['/videos/popular']);
    const videosAgain = await callsDuring(async () => {
      await user.get('/api/pexels/videos?query=kyoto&perPage=4');
      await user.get('/api/pexels/videos/popular?perPage=4&page=3');
    });
    expect(videosAgain).toEqual([]);
  });

  it.each([
    ['down', 'Pexels answered 500'],
    ['garbage', 'Pexels sent an answer that could not be read'],
    ['wrong-shape', 'Pexels sent an answer that could not be read'],
  ] as const)(
    'answers 502 with a clear message when Pexels is %s, and logs a warning',
    async (mode, logged) => {
      pexels.setMode(mode);
      const before = logLines.length;
      for (const path of [
        `/api/pexels/photos?query=${mode}`,
        `/api/pexels/videos?query=${mode}`,
        '/api/pexels/videos/popular?perPage=7',
      ]) {
        const res = await user.get(path);
        expect(res.status, path).toBe(502);
        expect(res.body).toEqual({ code: 'upstream_unavailable', message: PHOTO_SERVICE_DOWN });
      }
      const warnings = entries(logLines.slice(before)).filter((e) => e.msg === logged);
      expect(warnings).toHaveLength(3);
      expect(warnings[0]).toMatchObject({ level: WARN, service: 'Pexels' });
    },
  );

  it('keeps no failure: the next request asks again and succeeds', async () => {
    pexels.setMode('down');
    expect((await user.get('/api/pexels/photos?query=Hanoi')).status).toBe(502);
    pexels.setMode('ok');
    const calls = await callsDuring(async () => {
      const res = await user.get<DestinationPhotosResponse>('/api/pexels/photos?query=Hanoi');
      expect(res.status).toBe(200);
      expect(res.body.photos).toHaveLength(10);
    });
    expect(calls).toHaveLength(1);
  });

  it('never writes the key to the log or an answer', async () => {
    const answers: string[] = [];
    for (const mode of ['ok', 'down', 'garbage'] as const) {
      pexels.setMode(mode);
      for (const path of [
        `/api/pexels/photos?query=secret-${mode}`,
        `/api/pexels/videos?query=secret-${mode}`,
        '/api/pexels/videos/popular?perPage=9',
      ]) {
        const res = await user.get(path);
        answers.push(JSON.stringify(res.body), JSON.stringify([...res.headers]));
      }
    }
    const log = logLines.join('\n');
    expect(log).toContain('/api/pexels/photos'); // requests are logged...
    expect(log).toContain('Pexels answered 500'); // ...and failures...
    expect(log).not.toContain(KEY); // ...but never the key
    expect(log).not.toContain(pexels.url); // nor the address asked (it would carry a query)
    expect(answers.join('\n')).not.toContain(KEY);
  });

  it('answers 502 to a key Pexels refuses, logged as a configuration problem without the key', async () => {
    const lines: string[] = [];
    const wrongKey = 'not-the-right-key-0042';
    const misconfigured = await startTestApp({
      env: { PEXELS_API_KEY: wrongKey, PEXELS_BASE_URL: pexels.url, LOG_LEVEL: 'trace' },
      logStream: logCapture(lines),
    });
    try {
      const client = await signedIn(misconfigured);
      const res = await client.get('/api/pexels/photos?query=Lisbon');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ code: 'upstream_unavailable', message: PHOTO_SERVICE_DOWN });
      expect((await client.get('/api/pexels/videos?query=Lisbon')).status).toBe(502);

      expect(pexels.calls.at(-1)).toMatchObject({ authorization: wrongKey });
      const problems = entries(lines).filter((e) => /PEXELS_API_KEY/.test(e.msg));
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatchObject({ level: ERROR, service: 'Pexels', status: 401 });
      expect(lines.join('\n')).not.toContain(wrongKey);
      expect(JSON.stringify(res.body)).not.toContain(wrongKey);
    } finally {
      await misconfigured.close();
    }
  });
});

describe('without a Pexels key', () => {
  it('answers the bundled pictures that match the search, and only those', async () => {
    const res = await offlineUser.get<DestinationPhotosResponse>(
      '/api/pexels/photos?query=Bali, Indonesia&perPage=30',
    );
    expect(res.status).toBe(200);
    const slugs = res.body.photos.map((p) => p.id.replace('tripmates-', ''));
    // rice terraces, temple and island name both Bali and Indonesia; the beach only Bali; no
    // snowy village or mountain lake after them (issue #17).
    expect(slugs).toEqual(['rice-terraces', 'temple', 'tropical-island', 'beach-sunset']);
    expect(res.body.photos[0]).toEqual({
      id: 'tripmates-rice-terraces',
      src: {
        medium: '/media/destinations/rice-terraces.svg',
        thumbnail: '/media/destinations/rice-terraces.svg',
      },
      alt: expect.stringMatching(/rice terraces/i),
      photographer: 'Tripmates',
      photographerUrl: null,
      source: 'bundled',
    });
  });

  it('pages the bundled pictures by perPage and page (10 of page 1 by default)', async () => {
    const all = (
      await offlineUser.get<DestinationPhotosResponse>('/api/pexels/photos?query=Lisbon&perPage=30')
    ).body.photos;
    expect(all[0]!.id).toBe('tripmates-old-town-street');

    const first = await offlineUser.get<DestinationPhotosResponse>(
      '/api/pexels/photos?query=Lisbon',
    );
    expect(first.body.photos).toEqual(all.slice(0, 10));
    const second = await offlineUser.get<DestinationPhotosResponse>(
      '/api/pexels/photos?query=Lisbon&perPage=8&page=2',
    );
    expect(second.body.photos).toEqual(all.slice(8, 16));
    const beyond = await offlineUser.get('/api/pexels/photos?query=Lisbon&perPage=8&page=3');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ photos: [] });
  });

  it('answers no videos, so the dashboard shows its gradient', async () => {
    for (const path of [
      '/api/pexels/videos?query=Bali&perPage=3',
      '/api/pexels/videos/popular?perPage=5&page=1',
    ]) {
      const res = await offlineUser.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual({ videos: [] });
    }
  });

  it('limits each address to 60 requests a minute', async () => {
    const busy = await signedIn(offline);
    for (let i = 0; i < 60; i += 1) {
      expect(
        (await busy.get(`/api/pexels/photos?query=beach&perPage=1&page=${(i % 12) + 1}`)).status,
      ).toBe(200);
    }
    const res = await busy.get<ErrorResponse>('/api/pexels/photos?query=beach');
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many attempts/);
    // Another person is not held back.
    expect((await offlineUser.get('/api/pexels/videos?query=beach')).status).toBe(200);
  });
});

describe('checks', () => {
  it.each([
    ['/api/pexels/photos', 'Please say what to search for'],
    ['/api/pexels/photos?query=', 'Please say what to search for'],
    ['/api/pexels/photos?query=%20%20', 'Please say what to search for'],
    [`/api/pexels/photos?query=${'a'.repeat(121)}`, 'Searches are at most 120 characters'],
    ['/api/pexels/photos?query=Ba%0Ali', 'The search has a character that is not allowed'],
    ['/api/pexels/photos?query=bali&perPage=0', 'perPage must be from 1 to 30'],
    ['/api/pexels/photos?query=bali&perPage=31', 'perPage must be from 1 to 30'],
    ['/api/pexels/photos?query=bali&perPage=ten', 'perPage must be a whole number'],
    ['/api/pexels/photos?query=bali&page=1.5', 'page must be a whole number'],
    ['/api/pexels/photos?query=bali&page=0', 'page must be from 1 to 100'],
    ['/api/pexels/videos?perPage=3', 'Please say what to search for'],
    ['/api/pexels/videos?query=bali&perPage=-3', 'perPage must be from 1 to 30'],
    ['/api/pexels/videos/popular?perPage=5&page=101', 'page must be from 1 to 100'],
  ])('answers 400 to %s', async (path, message) => {
    const calls = await callsDuring(async () => {
      const res = await user.get<ErrorResponse>(path);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ message })]),
      );
    });
    expect(calls).toEqual([]);
  });

  it.each([
    '/api/pexels/photos?query=bali',
    '/api/pexels/videos?query=bali',
    '/api/pexels/videos/popular',
  ])('answers 401 to %s when signed out, asking nothing of Pexels', async (path) => {
    const calls = await callsDuring(async () => {
      const res = await apiClient(t.url).get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue' });
    });
    expect(calls).toEqual([]);
  });
});

describe('the landing video', () => {
  it('is a Pexels SD film for visitors too, null without a key, and the configured one first', async () => {
    const visitor = apiClient(t.url);
    const withKey = await visitor.get<LandingVideo>('/api/landing-video');
    expect(withKey.status).toBe(200);
    expect(withKey.body.src).toMatch(/^https:\/\/videos\.pexels\.com\/.*sd_.*\.mp4$/);

    expect((await apiClient(offline.url).get('/api/landing-video')).body).toEqual({ src: null });

    const configured = await startTestApp({
      env: { ...pexels.env(), LANDING_VIDEO_URL: 'https://cdn.example.com/coast.mp4' },
    });
    try {
      expect((await apiClient(configured.url).get('/api/landing-video')).body).toEqual({
        src: 'https://cdn.example.com/coast.mp4',
      });
    } finally {
      await configured.close();
    }
  });

  it('falls back to the poster (null) when Pexels is down', async () => {
    pexels.setMode('down');
    // A search the cache has not seen: the earlier answer would be served from the cache.
    const fresh = await startTestApp({ env: pexels.env() });
    try {
      const res = await apiClient(fresh.url).get('/api/landing-video');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ src: null });
    } finally {
      await fresh.close();
    }
  });
});
