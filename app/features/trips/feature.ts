import type { ClientFeature } from '@/features/feature';
import { tripLive } from './tripCache';
import { tripMutations } from './useTrips';

export const tripsFeature = {
  name: 'trips',
  live: tripLive,
  mutations: tripMutations,
} satisfies ClientFeature;
