import type { ClientFeature } from '@/features/feature';
import { tripKeys } from '@/features/trips/tripKeys';
import { widgetLive } from './widgetCache';

/** The board itself: its widgets' places and titles, whatever their type. */
export const boardFeature = {
  name: 'board',
  live: widgetLive,
  restored: { 'widget.removed': tripKeys.widgets },
} satisfies ClientFeature;
