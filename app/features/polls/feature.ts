import { Vote } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { PollWidget } from './PollWidget';
import { pollLive } from './pollCache';

export const pollsFeature = {
  name: 'polls',
  widgets: [
    {
      type: 'poll',
      name: 'Poll',
      description: 'Vote on dates, places, anything',
      icon: Vote,
      width: 320,
      height: 400,
      Body: PollWidget,
    },
  ],
  live: pollLive,
} satisfies ClientFeature;
