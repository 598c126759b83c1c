import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  BACKGROUND_VIDEOS,
  MEDIA_QUERY_MAX,
  POPULAR_VIDEOS_FALLBACK,
  type Video,
  videosResponse,
} from '../../../shared/contracts/media';
import type { Trip } from '../../../shared/contracts/trips';
import { pickVideoFile } from '../../../shared/pickVideoFile';

/** `GET /api/pexels/videos?query=&perPage=3&page=1` (spec §7). Also the query's key. */
export function videosUrl(query: string) {
  return `/api/pexels/videos?${new URLSearchParams({
    query,
    perPage: String(BACKGROUND_VIDEOS),
    page: '1',
  })}`;
}

/** `GET /api/pexels/videos/popular?perPage=5&page=1` (spec §7: the fallback). */
export const POPULAR_VIDEOS_URL = `/api/pexels/videos/popular?${new URLSearchParams({
  perPage: String(POPULAR_VIDEOS_FALLBACK),
  page: '1',
})}`;

// Only videos with a file can play; one without is no background.
const readVideos = (data: unknown): Video[] =>
  videosResponse.parse(data).videos.filter((video) => pickVideoFile(video) !== null);

const NO_VIDEOS: Video[] = [];

/**
 * The dashboard's background videos (spec §2, §7): 3 of the trip's destination (or its name).
 * When fewer than 3 come back, the 5 popular ones are asked for too, and the list is the
 * destination's own first, then the popular ones it does not already have: a place's own video
 * is worth keeping, and the popular ones make sure there is something to change to. Without a
 * Pexels key both lists are empty, and so is this (the board keeps its gradient); a failure of
 * either request costs only that request's videos.
 */
export function useBackgroundVideos(trip: Pick<Trip, 'destination' | 'name'> | null) {
  const query = trip
    ? (trip.destination?.trim() || trip.name).slice(0, MEDIA_QUERY_MAX).trim()
    : '';
  const own = useQuery({
    queryKey: [videosUrl(query)],
    select: readVideos,
    enabled: query !== '',
  });
  // A failed search (say the destination is no search Pexels takes) still leaves the popular ones.
  const needPopular = own.isError || (own.isSuccess && own.data.length < BACKGROUND_VIDEOS);
  const popular = useQuery({
    queryKey: [POPULAR_VIDEOS_URL],
    select: readVideos,
    enabled: needPopular,
  });

  const ownVideos = own.data ?? NO_VIDEOS;
  const popularVideos = needPopular ? popular.data : undefined;
  const videos = useMemo(
    () =>
      popularVideos
        ? [
            ...ownVideos,
            ...popularVideos.filter((video) => !ownVideos.some((mine) => mine.id === video.id)),
          ]
        : ownVideos,
    [ownVideos, popularVideos],
  );
  return {
    videos,
    isLoading: own.isLoading || (needPopular && popular.isLoading),
  };
}
