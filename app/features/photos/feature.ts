import type { ClientFeature } from '@/features/feature';
import { photoLive } from './photoCache';
import { photoMutations } from './useAlbum';

/** The trip's album; the photo carousel (media/) is its widget. */
export const photosFeature = {
  name: 'photos',
  lists: { photos: photoLive },
  mutations: photoMutations,
} satisfies ClientFeature;
