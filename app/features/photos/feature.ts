import type { ClientFeature } from '@/features/feature';
import { photoLive } from './photoCache';

/** The trip's album; the photo carousel (media/) is its widget. */
export const photosFeature = {
  name: 'photos',
  live: photoLive,
} satisfies ClientFeature;
