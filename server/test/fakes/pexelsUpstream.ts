/**
 * A stand-in for the Pexels API (https://www.pexels.com/api/documentation/) on 127.0.0.1, for
 * API tests and the end-to-end server: no internet, no key, no dependencies beyond node:http.
 *
 *   const pexels = await startFakePexels({ apiKey: 'test-key' });
 *   const app = await startTestApp({ env: pexels.env() }); // PEXELS_BASE_URL + PEXELS_API_KEY
 *   pexels.calls;            // every request, oldest first
 *   pexels.setMode('down');  // 'ok' | 'down' | 'garbage' | 'wrong-shape' | 'slow'
 *   await pexels.close();
 *
 * It answers what Tripmates calls, in Pexels' own format:
 * - `GET /v1/search?query&per_page&page` → `{ page, per_page, total_results, photos: [...] }`,
 *   each photo with `src.original/large2x/large/medium/small/portrait/landscape/tiny` on
 *   images.pexels.com, `alt`, `photographer`, `photographer_url`;
 * - `GET /videos/search?query&per_page&page` and `GET /videos/popular?per_page&page` →
 *   `{ page, per_page, total_results, videos: [...] }`, each video with a poster `image` and
 *   `video_files` in hd and sd (mp4 on videos.pexels.com).
 * Requests without `Authorization: <apiKey>` get 401 like Pexels; unknown paths 404.
 *
 * Modes, for failure tests: `down` answers 500, `garbage` sends a body that is not JSON,
 * `wrong-shape` sends JSON without the expected list, `slow` answers only after `slowMs`
 * (6 s by default: longer than Tripmates' 5 s limit). close() drops slow answers at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePexelsMode = 'ok' | 'down' | 'garbage' | 'wrong-shape' | 'slow';

export type FakePexelsCall = {
  /** `/v1/search`, `/videos/search` or `/videos/popular` (or whatever else was asked). */
  path: string;
  query: Record<string, string>;
  /** The Authorization header as sent, if any. */
  authorization: string | undefined;
};

export type FakePexelsOptions = {
  /** The key the fake accepts in the Authorization header. */
  apiKey?: string;
  mode?: FakePexelsMode;
  /** How long `slow` waits before answering. */
  slowMs?: number;
  /** How many photos any search finds in all (paged by per_page and page). */
  photoResults?: number;
  /** How many videos any video search finds in all; the popular list always has 20. */
  videoResults?: number;
  /** Where photo and video links point, e.g. a local static server for end-to-end runs. */
  imagesUrl?: string;
  videosUrl?: string;
  /** The port to listen on (an e2e run needs a known one); any free port by default. */
  port?: number;
};

export type FakePexels = {
  /** http://127.0.0.1:<port>, to use as PEXELS_BASE_URL. */
  url: string;
  /** The environment that points Tripmates here, with the key the fake accepts. */
  env(): { PEXELS_API_KEY: string; PEXELS_BASE_URL: string };
  calls: FakePexelsCall[];
  setMode(mode: FakePexelsMode): void;
  close(): Promise<void>;
};

export const FAKE_PEXELS_KEY = 'fake-pexels-key';

const PHOTOGRAPHERS = ['Ana Lima', 'Made Wira', 'Kenji Sato', 'Lucía Gómez', 'Tomas Berg'];
const POPULAR_VIDEOS = 20;

function photographerOf(id: number) {
  const name = PHOTOGRAPHERS[id % PHOTOGRAPHERS.length]!;
  return { name, url: `https://www.pexels.com/@${name.toLowerCase().replace(/\W+/g, '-')}` };
}

/** The ids on one page of `total` results, numbered from `firstId`. */
function pageIds(total: number, perPage: number, page: number, firstId: number) {
  const start = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - start));
  return Array.from({ length: count }, (_, i) => firstId + start + i);
}

function pexelsPhoto(id: number, query: string, imagesUrl: string) {
  const base = `${imagesUrl}/photos/${id}/pexels-photo-${id}.jpeg`;
  const { name, url } = photographerOf(id);
  return {
    id,
    width: 4000,
    height: 3000,
    url: `https://www.pexels.com/photo/${id}/`,
    photographer: name,
    photographer_url: url,
    photographer_id: 100 + (id % PHOTOGRAPHERS.length),
    avg_color: '#7A8B6C',
    src: {
      original: base,
      large2x: `${base}?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`,
      large: `${base}?auto=compress&cs=tinysrgb&h=650&w=940`,
      medium: `${base}?auto=compress&cs=tinysrgb&h=350`,
      small: `${base}?auto=compress&cs=tinysrgb&h=130`,
      portrait: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800`,
      landscape: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200`,
      tiny: `${base}?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280`,
    },
    liked: false,
    alt: `${query} photo number ${id}`,
  };
}

function pexelsVideo(id: number, imagesUrl: string, videosUrl: string) {
  const { name, url } = photographerOf(id);
  return {
    id,
    width: 1920,
    height: 1080,
    duration: 15,
    url: `https://www.pexels.com/video/${id}/`,
    image: `${imagesUrl}/videos/${id}/pictures/preview-0.jpg`,
    user: { id: 100 + (id % PHOTOGRAPHERS.length), name, url },
    video_files: [
      {
        id: id * 10 + 1,
        quality: 'hd',
        file_type: 'video/mp4',
        width: 1920,
        height: 1080,
        fps: 25,
        link: `${videosUrl}/video-files/${id}/${id}-hd_1920_1080_25fps.mp4`,
      },
      {
        id: id * 10 + 2,
        quality: 'sd',
        file_type: 'video/mp4',
        width: 960,
        height: 540,
        fps: 25,
        link: `${videosUrl}/video-files/${id}/${id}-sd_960_540_25fps.mp4`,
      },
    ],
    video_pictures: [{ id: id * 10, nr: 0, picture: `${imagesUrl}/videos/${id}/pictures/0.jpg` }],
  };
}

function positiveInt(value: string | undefined, fallback: number) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export async function startFakePexels(options: FakePexelsOptions = {}): Promise<FakePexels> {
  const apiKey = options.apiKey ?? FAKE_PEXELS_KEY;
  const slowMs = options.slowMs ?? 6000;
  const photoResults = options.photoResults ?? 40;
  const videoResults = options.videoResults ?? 10;
  const imagesUrl = options.imagesUrl ?? 'https://images.pexels.com';
  const videosUrl = options.videosUrl ?? 'https://videos.pexels.com';
  let mode: FakePexelsMode = options.mode ?? 'ok';
  const calls: FakePexelsCall[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function answer(path: string, query: Record<string, string>) {
    const perPage = positiveInt(query.per_page, 15);
    const page = positiveInt(query.page, 1);
    const paging = { page, per_page: perPage };
    if (path === '/v1/search') {
      const ids = pageIds(photoResults, perPage, page, 1000);
      const text = query.query ?? '';
      return {
        ...paging,
        total_results: photoResults,
        photos: ids.map((id) => pexelsPhoto(id, text, imagesUrl)),
      };
    }
    if (path === '/videos/search' || path === '/videos/popular') {
      const total = path === '/videos/popular' ? POPULAR_VIDEOS : videoResults;
      const ids = pageIds(total, perPage, page, path === '/videos/popular' ? 9000 : 5000);
      return {
        ...paging,
        total_results: total,
        url: `https://www.pexels.com${path}`,
        videos: ids.map((id) => pexelsVideo(id, imagesUrl, videosUrl)),
      };
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const authorization = req.headers.authorization;
    calls.push({ path: url.pathname, query, authorization });

    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.method !== 'GET') return send(405, JSON.stringify({ error: 'Method not allowed' }));
    if (authorization !== apiKey) return send(401, JSON.stringify({ error: 'Unauthorized' }));
    const body = answer(url.pathname, query);
    if (!body) return send(404, JSON.stringify({ error: 'Not found' }));

    switch (mode) {
      case 'down':
        return send(500, JSON.stringify({ error: 'Internal server error' }));
      case 'garbage':
        return send(200, '<html><body>Service temporarily unavailable</body></html>');
      case 'wrong-shape':
        return send(200, JSON.stringify({ page: 1, results: 'none today' }));
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(200, JSON.stringify(body));
        }, slowMs);
        timers.add(timer);
        return;
      }
      default:
        return send(200, JSON.stringify(body));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: () => ({ PEXELS_API_KEY: apiKey, PEXELS_BASE_URL: url }),
    calls,
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Slow answers and keep-alive connections would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
