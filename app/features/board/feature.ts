import type { ClientFeature } from '@/features/feature';
import { tripKeys } from '@/features/trips/tripKeys';
import { widgetMutations } from './useWidgets';
import { widgetLive } from './widgetCache';

/** The board itself: its widgets' places and titles, whatever their type. */
export const boardFeature = {
  name: 'board',
  lists: { widgets: widgetLive },
  restored: { 'widget.removed': tripKeys.widgets },
  mutations: widgetMutations,
} satisfies ClientFeature;
