/**
 * Photos and background videos (issue #6): from Pexels when PEXELS_API_KEY is set, cached for
 * an hour; otherwise the bundled destination pictures and no videos (the dashboard then shows
 * its dark gradient). Any Pexels failure becomes one 502 with a message for people; the log
 * says what went wrong, never with the URL or the key.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  DestinationPhoto,
  DestinationPhotosResponse,
  destinationPhotosQuery,
  popularVideosQuery,
  Video,
  VideosResponse,
  videosQuery,
} from '../../../shared/contracts/media';
import type { Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { TtlCache } from '../../platform/ttlCache';
import { UpstreamError } from '../../platform/upstream';
import { bundledPhotos } from './bundledPhotos';
import { createPexelsClient } from './pexels';

export const PHOTO_SERVICE_DOWN =
  'The photo service is not answering right now. Please try again in a few minutes.';

// Issue #6: Pexels answers are kept for an hour per endpoint, search, perPage and page.
export const MEDIA_CACHE_MS = 60 * 60_000;

export type PhotosQuery = z.output<typeof destinationPhotosQuery>;
export type VideosQuery = z.output<typeof videosQuery>;
export type PopularVideosQuery = z.output<typeof popularVideosQuery>;

export type MediaServiceOptions = {
  pexels: Config['pexels'];
  /** Overrides the 5 s upstream limit (tests). */
  timeoutMs?: number;
  /** Overrides the clock of the cache (tests). */
  now?: () => number;
};

/** "  Bali,   Indonesia " and "bali, indonesia" are one search, asked and cached once. */
const normaliseSearch = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

/** Turns a failed Pexels call into the 502 people see, logging what an operator needs. */
function unavailable(error: unknown, log: FastifyBaseLogger): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const { service, failure, status } = error;
  if (status === 401 || status === 403) {
    log.error(
      { service, failure, status },
      'Pexels refused the API key: check PEXELS_API_KEY (photos and videos are unavailable)',
    );
  } else {
    log.warn({ service, failure, status }, error.message);
  }
  return new HttpError('upstream_unavailable', PHOTO_SERVICE_DOWN);
}

export function createMediaService({ pexels, timeoutMs, now = Date.now }: MediaServiceOptions) {
  const client = pexels.apiKey
    ? createPexelsClient({ apiKey: pexels.apiKey, baseUrl: pexels.baseUrl, timeoutMs })
    : null;
  const photoCache = new TtlCache<DestinationPhoto[]>(MEDIA_CACHE_MS, 1000, now);
  const videoCache = new TtlCache<Video[]>(MEDIA_CACHE_MS, 1000, now);

  async function cached<T>(
    cache: TtlCache<T>,
    key: (string | number)[],
    load: () => Promise<T>,
    log: FastifyBaseLogger,
  ): Promise<T> {
    try {
      return await cache.get(JSON.stringify(key), load);
    } catch (error) {
      throw unavailable(error, log);
    }
  }

  return {
    /** True when answers come from Pexels rather than the bundled pictures. */
    usesPexels: client !== null,

    async photos(
      { query, perPage, page }: PhotosQuery,
      log: FastifyBaseLogger,
    ): Promise<DestinationPhotosResponse> {
      if (!client) return { photos: bundledPhotos(query, { perPage, page }) };
      const search = normaliseSearch(query);
      const photos = await cached(
        photoCache,
        ['photos', search, perPage, page],
        () => client.searchPhotos(search, { perPage, page }),
        log,
      );
      return { photos };
    },

    async videos(
      { query, perPage, page }: VideosQuery,
      log: FastifyBaseLogger,
    ): Promise<VideosResponse> {
      if (!client) return { videos: [] };
      const search = normaliseSearch(query);
      const videos = await cached(
        videoCache,
        ['videos', search, perPage, page],
        () => client.searchVideos(search, { perPage, page }),
        log,
      );
      return { videos };
    },

    async popularVideos(
      { perPage, page }: PopularVideosQuery,
      log: FastifyBaseLogger,
    ): Promise<VideosResponse> {
      if (!client) return { videos: [] };
      const videos = await cached(
        videoCache,
        ['popular', perPage, page],
        () => client.popularVideos({ perPage, page }),
        log,
      );
      return { videos };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
