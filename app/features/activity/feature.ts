import type { ClientFeature } from '@/features/feature';
import { activityMutations } from './activityMutations';

export const activityFeature = {
  name: 'activity',
  mutations: activityMutations,
} satisfies ClientFeature;
