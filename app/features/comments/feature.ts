import type { ClientFeature } from '@/features/feature';
import { commentLive } from './commentCache';

export const commentsFeature = {
  name: 'comments',
  live: commentLive,
} satisfies ClientFeature;
