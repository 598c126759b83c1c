import { CalendarClock } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { CountdownWidget } from './CountdownWidget';

export const countdownFeature = {
  name: 'countdown',
  widgets: [
    {
      type: 'countdown',
      name: 'Countdown Timer',
      description: 'Track the time left until your trip',
      icon: CalendarClock,
      Body: CountdownWidget,
    },
  ],
} satisfies ClientFeature;
