import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/errors';
import {
  destinationPhotosQuery,
  destinationPhotosResponse,
  landingVideo,
  popularVideosQuery,
  videosQuery,
  videosResponse,
} from '../../../shared/contracts/media';
import { pickVideoFile } from '../../../shared/pickVideoFile';
import type { Config } from '../../platform/config';
import { createMediaService } from './service';

// A board asks for photos and videos once per destination; 60 a minute per address leaves room
// for several tabs while keeping one client from spending the whole Pexels quota.
const MEDIA_REQUESTS_PER_MINUTE = 60;

const tags = ['media'];
const guarded = {
  config: {
    access: 'user' as const,
    rateLimit: { max: MEDIA_REQUESTS_PER_MINUTE, timeWindow: 60_000 },
  },
};
const errors = { 502: errorResponse };
const source = 'From Pexels when PEXELS_API_KEY is set (cached for an hour); otherwise ';

/** `GET /api/pexels/photos`, `/api/pexels/videos`, `/api/pexels/videos/popular` (issue #6). */
export const mediaRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const media = createMediaService({ pexels: config.pexels });

  app.get(
    '/api/pexels/photos',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Photos of a destination',
        description: `${source}the pictures bundled with Tripmates, those matching the search first. Pexels photos carry their photographer's credit.`,
        querystring: destinationPhotosQuery,
        response: { 200: destinationPhotosResponse, ...errors },
      },
    },
    async (request) => media.photos(request.query, request.log),
  );

  app.get(
    '/api/pexels/videos',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Background videos of a destination',
        description: `${source}an empty list (the dashboard shows its gradient).`,
        querystring: videosQuery,
        response: { 200: videosResponse, ...errors },
      },
    },
    async (request) => media.videos(request.query, request.log),
  );

  app.get(
    '/api/pexels/videos/popular',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Popular background videos, when a destination has too few',
        description: `${source}an empty list.`,
        querystring: popularVideosQuery,
        response: { 200: videosResponse, ...errors },
      },
    },
    async (request) => media.popularVideos(request.query, request.log),
  );

  // What the landing page's film shows when it comes from Pexels.
  const LANDING_SEARCH = 'tropical beach sunset';

  app.get(
    '/api/landing-video',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The landing page's background video, if any",
        description:
          'LANDING_VIDEO_URL when set; otherwise, with PEXELS_API_KEY, a Pexels video of a coast ' +
          'at dusk (its SD MP4, cached for an hour); otherwise null and the page shows its poster.',
        response: { 200: landingVideo },
      },
    },
    async (request) => {
      if (config.landingVideoUrl) return { src: config.landingVideoUrl };
      if (!media.usesPexels) return { src: null };
      try {
        const { videos } = await media.videos(
          { query: LANDING_SEARCH, perPage: 3, page: 1 },
          request.log,
        );
        const file = videos.map(pickVideoFile).find((found) => found !== null);
        return { src: file?.link ?? null };
      } catch {
        // Already logged by the service; a visitor just sees the poster.
        return { src: null };
      }
    },
  );
};
