import { CloudSun } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { WeatherWidget } from './WeatherWidget';

export const weatherFeature = {
  name: 'weather',
  widgets: [
    {
      type: 'weather',
      name: 'Weather Widget',
      description: 'View forecast for your destination',
      icon: CloudSun,
      Body: WeatherWidget,
    },
  ],
} satisfies ClientFeature;
