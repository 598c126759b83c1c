import { z } from 'zod';
import type { SharedFeature } from '../featureContract';
import { hasControlCharacters } from '../text';
import { text } from './text';

// spec §7/§9: the carousel asks for 8 photos, the dashboard for 3 videos (5 popular as fallback).
export const CAROUSEL_PHOTOS = 8;
export const BACKGROUND_VIDEOS = 3;
export const POPULAR_VIDEOS_FALLBACK = 5;
// As long as a trip's destination can be, since the widgets search for it.
export const MEDIA_QUERY_MAX = 120;
export const MEDIA_PER_PAGE_MAX = 30;
export const MEDIA_PAGE_MAX = 100;

const searchText = text('Please say what to search for')
  .trim()
  .min(1, 'Please say what to search for')
  .max(MEDIA_QUERY_MAX, `Searches are at most ${MEDIA_QUERY_MAX} characters`)
  .refine(
    (value) => !hasControlCharacters(value),
    'The search has a character that is not allowed',
  );

const perPage = (fallback: number) =>
  z.coerce
    .number('perPage must be a whole number')
    .int('perPage must be a whole number')
    .min(1, `perPage must be from 1 to ${MEDIA_PER_PAGE_MAX}`)
    .max(MEDIA_PER_PAGE_MAX, `perPage must be from 1 to ${MEDIA_PER_PAGE_MAX}`)
    .default(fallback);

const page = z.coerce
  .number('page must be a whole number')
  .int('page must be a whole number')
  .min(1, `page must be from 1 to ${MEDIA_PAGE_MAX}`)
  .max(MEDIA_PAGE_MAX, `page must be from 1 to ${MEDIA_PAGE_MAX}`)
  .default(1);

/** `GET /api/pexels/photos` (spec §7: perPage defaults to 10, page to 1). */
export const destinationPhotosQuery = z.object({ query: searchText, perPage: perPage(10), page });
/** `GET /api/pexels/videos`. */
export const videosQuery = z.object({ query: searchText, perPage: perPage(10), page });
/** `GET /api/pexels/videos/popular`. */
export const popularVideosQuery = z.object({ perPage: perPage(10), page });
export type DestinationPhotosQuery = z.output<typeof destinationPhotosQuery>;
export type VideosQuery = z.output<typeof videosQuery>;
export type PopularVideosQuery = z.output<typeof popularVideosQuery>;

/**
 * spec §3 Photo, with the credit Pexels asks for. `source` tells a Pexels photo (credit the
 * photographer, link to Pexels) from one of the images bundled with Tripmates.
 */
export const destinationPhoto = z.object({
  id: z.string(),
  src: z.object({ medium: z.string(), thumbnail: z.string() }),
  alt: z.string(),
  photographer: z.string(),
  photographerUrl: z.string().nullable(),
  source: z.enum(['pexels', 'bundled']),
});
export type DestinationPhoto = z.infer<typeof destinationPhoto>;
export const destinationPhotosResponse = z.object({ photos: z.array(destinationPhoto) });
export type DestinationPhotosResponse = z.infer<typeof destinationPhotosResponse>;

/** spec §3 Background video item. */
export const video = z.object({
  id: z.string(),
  /** The poster image. */
  image: z.string(),
  video_files: z.array(z.object({ quality: z.string(), file_type: z.string(), link: z.string() })),
});
export type Video = z.infer<typeof video>;
export const videosResponse = z.object({ videos: z.array(video) });
export type VideosResponse = z.infer<typeof videosResponse>;

/**
 * `GET /api/landing-video`: the landing page's background film (spec §2): LANDING_VIDEO_URL, else
 * a Pexels video when a key is set, else none (the page keeps its poster).
 */
export const landingVideo = z.object({ src: z.string().nullable() });
export type LandingVideo = z.infer<typeof landingVideo>;

/** What the destination's pictures add to the shared lists: the photo carousel widget. */
export const mediaShared = {
  widgets: { photo: { width: 400, height: 330 } },
} as const satisfies SharedFeature;
