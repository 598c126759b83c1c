/**
 * The Pexels API (https://www.pexels.com/api/documentation/): photo search, video search and
 * popular videos, normalised to the shapes of shared/contracts/media.ts. Answers are checked
 * loosely — only the fields we read — so Pexels adding fields never breaks us, while an answer
 * we cannot use becomes an UpstreamError like any other failure.
 */
import { z } from 'zod';
import type { DestinationPhoto, Video } from '../../../shared/contracts/media';
import { fetchUpstreamJson, UpstreamError } from '../../platform/upstream';

export const PEXELS = 'Pexels';

/** Links we hand to browsers: only http(s), never `javascript:` or `data:`. */
function webLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

const id = z.union([z.number(), z.string().min(1)]);
const text = z.string().nullish();

const pexelsPhoto = z.object({
  id,
  src: z.object({ large: text, medium: text, small: text, tiny: text }),
  alt: text,
  photographer: text,
  photographer_url: text,
});

const pexelsVideo = z.object({
  id,
  image: text,
  video_files: z.array(z.object({ quality: text, file_type: text, link: text })),
});

// The envelope must hold the list; a bad item is skipped rather than failing the whole answer.
const photosEnvelope = z.object({ photos: z.array(z.unknown()) });
const videosEnvelope = z.object({ videos: z.array(z.unknown()) });

function envelope<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UpstreamError(PEXELS, 'malformed');
  return parsed.data;
}

/**
 * Pexels photos → our Photo: the large rendition for the carousel (medium if absent), the tiny
 * one for thumbnails (small if absent), and the photographer's credit Pexels asks for.
 */
export function toPhotos(body: unknown, query: string): DestinationPhoto[] {
  return envelope(photosEnvelope, body).photos.flatMap((item): DestinationPhoto[] => {
    const parsed = pexelsPhoto.safeParse(item);
    if (!parsed.success) return [];
    const p = parsed.data;
    const medium = webLink(p.src.large) ?? webLink(p.src.medium);
    if (!medium) return [];
    const photographer = p.photographer?.trim() || 'A Pexels photographer';
    return [
      {
        id: String(p.id),
        src: { medium, thumbnail: webLink(p.src.tiny) ?? webLink(p.src.small) ?? medium },
        alt: p.alt?.trim() || `A photo of ${query} by ${photographer}`,
        photographer,
        photographerUrl: webLink(p.photographer_url),
        source: 'pexels',
      },
    ];
  });
}

/** Pexels videos → our Video: poster and files, keeping only files a browser can fetch. */
export function toVideos(body: unknown): Video[] {
  return envelope(videosEnvelope, body).videos.flatMap((item): Video[] => {
    const parsed = pexelsVideo.safeParse(item);
    if (!parsed.success) return [];
    const v = parsed.data;
    const files = v.video_files.flatMap((file) => {
      const link = webLink(file.link);
      return link ? [{ quality: file.quality ?? '', file_type: file.file_type ?? '', link }] : [];
    });
    // A video with nothing to play would leave the background blank: leave it out.
    if (files.length === 0) return [];
    return [{ id: String(v.id), image: webLink(v.image) ?? '', video_files: files }];
  });
}

export type PexelsClientOptions = {
  apiKey: string;
  /** e.g. https://api.pexels.com, without a trailing slash. */
  baseUrl: string;
  /** Overrides the 5 s upstream limit (tests). */
  timeoutMs?: number;
};

export type Paging = { perPage: number; page: number };

export function createPexelsClient({ apiKey, baseUrl, timeoutMs }: PexelsClientOptions) {
  function get(path: string, params: Record<string, string | number>) {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    // Pexels takes the bare key, no "Bearer".
    return fetchUpstreamJson(PEXELS, url, {
      headers: { Authorization: apiKey },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  }

  return {
    async searchPhotos(query: string, { perPage, page }: Paging) {
      return toPhotos(await get('/v1/search', { query, per_page: perPage, page }), query);
    },
    async searchVideos(query: string, { perPage, page }: Paging) {
      return toVideos(await get('/videos/search', { query, per_page: perPage, page }));
    },
    async popularVideos({ perPage, page }: Paging) {
      return toVideos(await get('/videos/popular', { per_page: perPage, page }));
    },
  };
}

export type PexelsClient = ReturnType<typeof createPexelsClient>;
