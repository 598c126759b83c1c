import { useQuery } from '@tanstack/react-query';
import {
  CAROUSEL_PHOTOS,
  type DestinationPhoto,
  destinationPhoto,
  MEDIA_QUERY_MAX,
} from '../../../shared/contracts/media';
import type { Trip } from '../../../shared/contracts/trips';

/**
 * What the carousel searches for: the trip's destination, else its name. A destination may be
 * longer than a search can be; its first words are search enough.
 */
export function destinationPhotoSearch(trip: Pick<Trip, 'destination' | 'name'>): string {
  return (trip.destination?.trim() || trip.name).slice(0, MEDIA_QUERY_MAX).trim();
}

/** `GET /api/pexels/photos?query=&perPage=8&page=1` (spec §7, §9). Also the query's key. */
export function destinationPhotosUrl(query: string) {
  return `/api/pexels/photos?${new URLSearchParams({
    query,
    perPage: String(CAROUSEL_PHOTOS),
    page: '1',
  })}`;
}

function readPhotos(data: unknown): DestinationPhoto[] {
  const list = (data as { photos?: unknown } | null)?.photos;
  if (!Array.isArray(list)) throw new Error('The photo service answered without photos');
  // Each photo is checked against the contract on its own, so one odd entry does not cost the
  // others. A photo whose image is merely missing ("") passes and shows the fallback image.
  return list.flatMap((item) => {
    const parsed = destinationPhoto.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Photos of `query` for the carousel; an answer that is not a list of photos is a failure. */
export function useDestinationPhotos(query: string) {
  return useQuery({ queryKey: [destinationPhotosUrl(query)], select: readPhotos });
}
