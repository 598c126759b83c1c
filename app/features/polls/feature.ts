import { Vote } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { PollWidget } from './PollWidget';
import { pollLive } from './pollCache';
import { pollMutations } from './usePolls';

export const pollsFeature = {
  name: 'polls',
  widgets: [
    {
      type: 'poll',
      name: 'Polls',
      description: 'Vote on dates, places, anything',
      icon: Vote,
      Body: PollWidget,
    },
  ],
  lists: { polls: pollLive },
  mutations: pollMutations,
} satisfies ClientFeature;
