import type { ClientFeature } from '@/features/feature';
import { memberLive } from './memberCache';

export const membersFeature = {
  name: 'members',
  live: memberLive,
} satisfies ClientFeature;
