import type { ClientFeature } from '@/features/feature';
import { tripLive } from './tripCache';

export const tripsFeature = {
  name: 'trips',
  live: tripLive,
} satisfies ClientFeature;
