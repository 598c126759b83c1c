import { CalendarRange } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { ItineraryWidget } from './ItineraryWidget';
import { itineraryKeys, itineraryLive } from './itineraryCache';
import { itineraryMutations } from './useItinerary';

export const itineraryFeature = {
  name: 'itinerary',
  widgets: [
    {
      type: 'itinerary',
      name: 'Itinerary',
      description: 'Plan the trip day by day',
      icon: CalendarRange,
      // Issue #39: expanded, it is the trip's plan, at an address of its own.
      page: 'plan',
      Body: ItineraryWidget,
    },
  ],
  lists: { itinerary: itineraryLive },
  restored: { 'plan.deleted': itineraryKeys.list },
  mutations: itineraryMutations,
} satisfies ClientFeature;
