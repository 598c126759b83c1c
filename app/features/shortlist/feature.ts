import type { ClientFeature } from '@/features/feature';
import { shortlistLive } from './shortlistCache';
import { shortlistMutations } from './useShortlist';

/** The options the group weighs, added from the searches or a pasted link, and their votes. */
export const shortlistFeature = {
  name: 'shortlist',
  lists: { shortlist: shortlistLive },
  mutations: shortlistMutations,
} satisfies ClientFeature;
