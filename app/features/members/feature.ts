import type { ClientFeature } from '@/features/feature';
import { memberLive } from './memberCache';
import { memberMutations } from './useMembers';

export const membersFeature = {
  name: 'members',
  live: memberLive,
  mutations: memberMutations,
} satisfies ClientFeature;
