import type { ClientFeature } from '@/features/feature';
import { commentLive } from './commentCache';
import { commentMutations } from './useComments';

export const commentsFeature = {
  name: 'comments',
  lists: { comments: commentLive },
  mutations: commentMutations,
} satisfies ClientFeature;
