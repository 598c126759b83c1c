import { Image } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { PhotoWidget } from './PhotoWidget';

/** The photo carousel: the trip's album (photos/) first, then pictures of its destination. */
export const mediaFeature = {
  name: 'media',
  widgets: [
    {
      type: 'photo',
      name: 'Photo Carousel',
      description: 'Browse destination photos',
      icon: Image,
      Body: PhotoWidget,
    },
  ],
} satisfies ClientFeature;
